import { spawn, execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../src-main/core/config';
import { icmpBody, startServer, type TestServer } from '../../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../../notify/receivers';
import { netnsSkipReason } from '../../runner/netns';
import { trpcClient } from '../../helpers/trpc';

/**
 * A real `sightline agent` inside a network namespace of the test's own making, reaching the server
 * over a veth pair; the link goes down for 25 s (the three minutes, shortened: the server
 * calls an agent unreachable after 3 s of silence here instead of three 10 s heartbeats).
 */

const NS = `slrun${process.pid}`;
const HOST_IF = `slu${process.pid}h`;
const NS_IF = `slu${process.pid}n`;
const SERVER_IP = '10.216.0.1';
const AGENT_IP = '10.216.0.2';
const DOWN_MS = 25_000;
/** The check's period: frequency 0 with frequencyOffset 10 runs it every 10 s. */
const PERIOD_MS = 10_000;

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function removeNamespace(): void {
  spawnSync('ip', ['link', 'del', HOST_IF]);
  spawnSync('ip', ['netns', 'del', NS]);
}

const skip = netnsSkipReason('the remote agent-unreachable test');

describe.skipIf(skip !== null)('a remote agent whose link to the server goes down (network namespace)', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let agent: ChildProcess | null = null;
  const agentOut: string[] = [];

  beforeAll(async () => {
    removeNamespace();
    ip(['netns', 'add', NS]);
    ip(['-n', NS, 'link', 'set', 'lo', 'up']);
    ip(['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
    ip(['link', 'set', NS_IF, 'netns', NS]);
    ip(['addr', 'add', `${SERVER_IP}/24`, 'dev', HOST_IF]);
    ip(['link', 'set', HOST_IF, 'up']);
    ip(['-n', NS, 'addr', 'add', `${AGENT_IP}/24`, 'dev', NS_IF]);
    ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
    receiver = await startHttpReceiver();
    server = await startServer({
      startScheduler: true,
      schedulerPollMs: 200,
      config: { host: SERVER_IP, rateLimitPerMinute: 100_000 },
      remoteAgents: { heartbeatIntervalMs: 500, unreachableAfterMs: 3000, sweepIntervalMs: 200, leaseMs: 2000 },
    });
  }, 60_000);

  afterAll(async () => {
    agent?.kill('SIGKILL');
    await server?.stop();
    await receiver?.close();
    removeNamespace();
  });

  const notices = () => receiver.requests.map((request) => JSON.parse(request.body) as { type: string; name: string; error: string });

  it('one "unreachable" notice at once, its runs recorded as not run because of it (never saturation), every slot accounted for, one notice when it returns', async () => {
    const channel = await server.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","name":"{{CHECK_NAME}}","error":"{{CHECK_ERROR_MESSAGE}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    const location = await server.api('POST', '/v1/private-locations', { name: 'Branch office', slugName: 'branch' });
    expect(location.status, location.text).toBe(201);
    const check = await server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name: 'From the branch', frequency: 0, frequencyOffset: 10, privateLocations: ['branch'], request: { hostname: '127.0.0.1', pingCount: 1 }, alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }] }),
    );
    expect(check.status, check.text).toBe(201);

    const env = { ...process.env, SIGHTLINE_CANARIES: '' };
    agent = spawn('ip', ['netns', 'exec', NS, process.execPath, join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'agent', '--server', server.url, '--key', location.body.keys[0].rawKey, '--agent-health-port', '0', '--canary', SERVER_IP], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: agent.stdout! }).on('line', (line) => agentOut.push(line));
    const results = async () => {
      const listed = await server.api('GET', `/v1/check-results/${check.body.id}?limit=100`);
      expect(listed.status, listed.text).toBe(200);
      return (listed.body as { startedAt: string; checkSessionId: string; hasFailures: boolean; hasErrors: boolean; error: { kind: string } | null }[]).map((r) => ({
        at: Date.parse(r.startedAt),
        session: r.checkSessionId,
        failed: r.hasFailures || r.hasErrors,
        kind: r.error?.kind ?? null,
      }));
    };
    await expect.poll(async () => (await results()).some((r) => r.kind === null && !r.failed), { timeout: 45_000, message: `agent output:\n${agentOut.join('\n')}` }).toBe(true);

    const cutAt = Date.now();
    ip(['-n', NS, 'link', 'set', NS_IF, 'down']);
    // At once from the server, while the agent is still gone.
    await expect.poll(() => notices().map((n) => n.type), { timeout: 10_000 }).toEqual(['AGENT_UNREACHABLE']);
    const toldAfterMs = Date.now() - cutAt;
    expect(notices()[0]?.name).toContain('Branch office');
    expect(notices()[0]?.error).toMatch(/has not heard from the agent since .*: no lease request or heartbeat for \d+ s/);
    // The agent's own /health, asked inside its namespace while it is cut off: its own state (its
    // network is gone), never the server's view of it and never saturation.
    const healthUrl = agentOut.map((line) => /Agent health probes on (\S+)/.exec(line)?.[1]).find(Boolean);
    expect(healthUrl, `agent output:\n${agentOut.join('\n')}`).toBeDefined();
    const agentHealth = async () => JSON.parse(execFileSync('ip', ['netns', 'exec', NS, 'curl', '-s', '--max-time', '5', `${healthUrl}/health`], { encoding: 'utf8' })) as { status: string; message: string; skippedLastHour: number };
    await expect.poll(async () => (await agentHealth()).status, { timeout: 15_000 }).toBe('offline');
    const cutHealth = await agentHealth();
    expect(cutHealth.message).toMatch(/^This agent is offline since /);
    expect(cutHealth.message).not.toMatch(/saturated|unreachable/i);
    expect(cutHealth.skippedLastHour).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + DOWN_MS - Date.now())));
    const ownHealth = await server.backend.agentHealth();
    ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
    await expect.poll(() => notices().map((n) => n.type), { timeout: 20_000 }).toEqual(['AGENT_UNREACHABLE', 'AGENT_REACHABLE']);

    // Every session the scheduler started has its result; none failed; while cut, each says the agent was unreachable.
    await server.backend.runs.coordinator.flush();
    const all = await results();
    const sessions = await trpcClient(server.url, server.key).checkSessions.listRecent.query({ checkId: check.body.id, limit: 100 });
    const ended = sessions.filter((s) => Date.parse(s.startedAt) < Date.now() - 15_000);
    const whileCut = all.filter((r) => r.at > cutAt + 3000 && r.at < cutAt + DOWN_MS - 1000);
    console.log(`remote unreachable figures: ${JSON.stringify({ toldAfterMs, results: all.length, whileCut: whileCut.map((r) => r.kind), notices: notices().map((n) => n.type) })}`);
    expect(toldAfterMs).toBeLessThan(8000);
    expect(all.filter((r) => r.failed)).toEqual([]);
    expect(whileCut.length).toBeGreaterThanOrEqual(1);
    expect(whileCut.every((r) => r.kind === 'AGENT_UNREACHABLE')).toBe(true);
    expect(all.some((r) => r.kind === 'SKIPPED')).toBe(false);
    // Every slot accounted for: each session started more than a run's length ago has exactly one
    // result, and no slot is missing between the first result and the return (one every 10 s).
    expect(ended.every((s) => s.status !== 'STARTED')).toBe(true);
    expect(new Set(all.map((r) => r.session)).size, 'one result per session').toBe(all.length);
    for (const s of ended) expect(all.some((r) => r.session === s.checkSessionId), `session ${s.checkSessionId} has its result`).toBe(true);
    const slots = all.map((r) => r.at).sort((a, b) => a - b);
    const gaps = slots.slice(1).map((at, i) => at - (slots[i] as number));
    console.log(`remote unreachable slots: gaps ${JSON.stringify(gaps)} ms`);
    // A missing slot makes a gap of two periods; a run that starts a few seconds late (the agent
    // getting its lease back after the link returns, on a loaded machine: 15.2 s seen in CI) does not.
    expect(gaps.every((gap) => gap < 1.9 * PERIOD_MS), `a slot without a result: gaps ${JSON.stringify(gaps)}`).toBe(true);
    expect(slots[0]).toBeLessThan(cutAt);
    expect(slots.at(-1)).toBeGreaterThan(cutAt + DOWN_MS - 1.5 * PERIOD_MS);
    // Agent back: its own /health is its own state again.
    await expect.poll(async () => (await agentHealth()).status, { timeout: 15_000 }).toBe('ok');
    const unreachableRuns = all.filter((r) => r.kind === 'AGENT_UNREACHABLE').length;
    expect(notices()[1]?.error).toContain(`(${unreachableRuns} run${unreachableRuns === 1 ? ' was' : 's were'} not run while it was unreachable`);
    // The server's own /health names its own state: the remote agent's outage is no saturation of this one.
    expect(ownHealth.status).toBe('ok');
    expect(ownHealth.skippedLastHour).toBe(0);
    // No alert of the check, before or after.
    expect(notices().filter((n) => n.type.startsWith('ALERT_'))).toEqual([]);
  }, 120_000);
});
