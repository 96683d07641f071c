import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { killLeftovers, probe, spawnSightline, waitFor, type CliProcess } from './helpers';

/**
 * Real `sightline agent` processes against an in-process server. Leases are short (1.5 s, renewed
 * by heartbeats every 300 ms) so an abandoned job comes back quickly.
 */
describe('sightline agent (remote agent process)', () => {
  let server: TestServer;
  const agents: CliProcess[] = [];
  beforeAll(async () => {
    server = await startServer({ remoteAgents: { leaseMs: 1500, heartbeatIntervalMs: 300, sweepIntervalMs: 100 } });
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((agent) => agent.stop('SIGKILL')));
  });
  afterAll(async () => {
    killLeftovers();
    await server.stop();
  });

  async function location(slugName: string): Promise<{ id: string; key: string }> {
    const created = await server.api('POST', '/v1/private-locations', { name: `Location ${slugName}`, slugName });
    expect(created.status).toBe(201);
    return { id: created.body.id, key: created.body.keys[0].rawKey };
  }

  function startAgent(key: string): CliProcess {
    const agent = spawnSightline(['agent', '--server', server.url, '--key', key, '--agent-health-port', '0', '--concurrency', '2']);
    agents.push(agent);
    return agent;
  }

  async function trigger(checkId: string): Promise<string> {
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status).toBe(201);
    return triggered.body.sessions[0].checkSessionId as string;
  }

  it('registers, serves its probes, runs a job of its private location and the session ends PASSED', async () => {
    const office = await location('office');
    const agent = startAgent(office.key);
    const healthUrl = await agent.line(/^Agent health probes on (http:\/\/\S+)$/);
    await agent.line(/^Sightline agent \S+ registered for private location office/);
    expect((await probe(`${healthUrl}/-/readiness`)).status).toBe(200);
    expect((await probe(`${healthUrl}/-/liveness`)).status).toBe(200);
    const health = await probe(`${healthUrl}/health`);
    expect(health.status).toBe(200);
    // bubblewrap is installed here: the agent's multi-step runs are sandboxed, and /health says so.
    expect(health.body).toMatchObject({ multiStepIsolation: { mode: 'bubblewrap', reason: null, memoryLimitMb: 512 } });

    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'From the office', privateLocations: ['office'], request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(check.status).toBe(201);
    const sessionId = await trigger(check.body.id);

    const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('PASSED');
    expect(done.body.runLocations).toEqual(['office']);
    expect(done.body.results).toHaveLength(1);
    expect(done.body.results[0]).toMatchObject({ resultType: 'FINAL', runLocation: 'office', hasFailures: false, hasErrors: false });
    const detail = await server.api('GET', `/v1/check-results/${check.body.id}/${done.body.results[0].checkResultId}`);
    expect(detail.body.icmpCheckResult).toMatchObject({ hostname: '127.0.0.1', packetsSent: 1, packetsReceived: 1 });
    expect(agent.stdout.some((line) => line.startsWith('Running job '))).toBe(true);

    const read = await server.api('GET', `/v1/private-locations/${office.id}`);
    expect(read.body.agentCount).toBe(1);
    expect(read.body.lastSeen).not.toBeNull();
    expect(read.body.runningAgents[0]).toMatchObject({ version: '1.0.0', count: 1 });

    expect(await agent.stop('SIGTERM')).toBe(0);
    expect(agent.stdout).toContain('Agent stopped');
  }, 60_000);

  it('runs a multi-step check of its location on the same warm runtime, and the result says so', async () => {
    const lab = await location('warm-lab');
    const agent = startAgent(lab.key);
    await agent.line(/^Sightline agent \S+ registered for private location warm-lab/);
    const script = `import { test, expect } from '@playwright/test';
test('from the lab', async () => { expect(process.env.WHERE).toBe('lab'); console.log('ran in the lab'); });`;
    const check = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'Multi-step from the lab',
      script,
      privateLocations: ['warm-lab'],
      environmentVariables: [{ key: 'WHERE', value: 'lab' }],
      doubleCheck: false,
    });
    expect(check.status, check.text).toBe(201);
    const sessionId = await trigger(check.body.id);
    const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'PASSED', runLocations: ['warm-lab'] });
    const detail = await server.api('GET', `/v1/check-results/${check.body.id}/${done.body.results[0].checkResultId}`);
    expect(detail.body.multiStepCheckResult).toMatchObject({ runtime: 'WARM', jobLog: [{ stream: 'stdout', text: 'ran in the lab\n' }] });
    expect(await agent.stop('SIGTERM')).toBe(0);
  }, 60_000);

  it('a remote agent frozen (SIGSTOP) for longer than its suspension threshold says so once in its /health', async () => {
    const yard = await location('yard');
    const agent = startAgent(yard.key);
    const healthUrl = await agent.line(/^Agent health probes on (http:\/\/\S+)$/);
    await agent.line(/^Sightline agent \S+ registered for private location yard/);
    expect(((await probe(`${healthUrl}/health`)).body as { clockEvents: unknown[] }).clockEvents).toEqual([]);
    process.kill(agent.child.pid!, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 6500));
    process.kill(agent.child.pid!, 'SIGCONT');
    const events = await waitFor('the suspension in /health', async () => {
      const body = (await probe(`${healthUrl}/health`)).body as { clockEvents: { kind: string; durationMs: number }[]; message: string };
      return body.clockEvents.length > 0 ? body : undefined;
    });
    expect(events.clockEvents).toHaveLength(1);
    expect(events.clockEvents[0]).toMatchObject({ kind: 'suspended' });
    expect(events.clockEvents[0]!.durationMs).toBeGreaterThanOrEqual(6000);
    expect(events.message).toMatch(/suspended|slept|stopped/i);
    expect(await agent.stop('SIGTERM')).toBe(0);
  }, 60_000);

  it('on SIGTERM the agent turns readiness 503, finishes its running check, posts the result and exits 0', async () => {
    const depot = await location('depot');
    const agent = startAgent(depot.key);
    const healthUrl = await agent.line(/^Agent health probes on (http:\/\/\S+)$/);
    await agent.line(/^Sightline agent \S+ registered/);
    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Finishes on shutdown', privateLocations: ['depot'], request: { hostname: '127.0.0.1', pingCount: 20 } }));
    const sessionId = await trigger(check.body.id);
    const jobId = await agent.line(/^Running job (\S+) /);

    agent.child.kill('SIGTERM');
    await waitFor('readiness 503', async () => ((await probe(`${healthUrl}/-/readiness`)).status === 503 ? true : undefined));
    expect(agent.stdout.includes(`Finished job ${jobId}`)).toBe(false);
    expect(await agent.exited).toBe(0);
    expect(agent.stdout).toContain(`Finished job ${jobId}`);

    const session = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=10`);
    expect(session.body.status).toBe('PASSED');
    expect(session.body.results).toHaveLength(1);
  }, 60_000);

  it('a job whose agent dies is re-run by another agent after the lease expires', async () => {
    const branch = await location('branch');
    const first = startAgent(branch.key);
    await first.line(/^Sightline agent \S+ registered/);
    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Survives its agent', privateLocations: ['branch'], request: { hostname: '127.0.0.1', pingCount: 20 } }));
    const sessionId = await trigger(check.body.id);
    const jobId = await first.line(/^Running job (\S+) /);

    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    const second = startAgent(branch.key);
    await second.line(/^Sightline agent \S+ registered/);
    expect(await second.line(/^Running job (\S+) /, 20_000)).toBe(jobId);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(1000);

    const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    expect(done.body.status).toBe('PASSED');
    expect(done.body.results).toHaveLength(1);
    expect(done.body.results[0]).toMatchObject({ resultType: 'FINAL', runLocation: 'branch', hasFailures: false });
    await waitFor('the finished line', () => (second.stdout.includes(`Finished job ${jobId}`) ? true : undefined));
    expect(first.stdout.includes(`Finished job ${jobId}`)).toBe(false);
  }, 60_000);
});
