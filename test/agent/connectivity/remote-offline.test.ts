import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../../notify/receivers';
import { netnsSkipReason } from '../../runner/netns';
import { killLeftovers, probe, spawnSightline, type CliProcess } from '../helpers';

/** A real `sightline agent` whose only canary sits behind a veth pair in a namespace of the test's own making. */

const NS = `slroff${process.pid}`;
const HOST_IF = `slr${process.pid}h`;
const NS_IF = `slr${process.pid}n`;
const CANARY = '10.213.2.2';

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function removeNamespace(): void {
  spawnSync('ip', ['link', 'del', HOST_IF]);
  spawnSync('ip', ['netns', 'del', NS]);
}

const skip = netnsSkipReason('the remote agent-offline test');

describe.skipIf(skip !== null)('a remote agent that loses its own network', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let agent: CliProcess | null = null;

  beforeAll(async () => {
    removeNamespace();
    ip(['netns', 'add', NS]);
    ip(['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
    ip(['link', 'set', NS_IF, 'netns', NS]);
    ip(['addr', 'add', '10.213.2.1/24', 'dev', HOST_IF]);
    ip(['link', 'set', HOST_IF, 'up']);
    ip(['-n', NS, 'addr', 'add', `${CANARY}/24`, 'dev', NS_IF]);
    ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
    receiver = await startHttpReceiver();
    server = await startServer({ remoteAgents: { leaseMs: 1500, heartbeatIntervalMs: 300, sweepIntervalMs: 100 } });
  });

  afterAll(async () => {
    await agent?.stop('SIGKILL');
    killLeftovers();
    await server?.stop();
    await receiver?.close();
    removeNamespace();
  });

  const types = () => receiver.requests.map((request) => JSON.parse(request.body) as { type: string; name: string });

  it('records its runs as "agent offline", alerts nothing, and tells the operators once each way', async () => {
    const channel = await server.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","name":"{{CHECK_NAME}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    const created = await server.api('POST', '/v1/private-locations', { name: 'Branch office', slugName: 'branch' });
    expect(created.status, created.text).toBe(201);
    const check = await server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name: 'From the branch', privateLocations: ['branch'], request: { hostname: '127.0.0.1', pingCount: 1 }, alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }] }),
    );
    expect(check.status, check.text).toBe(201);

    agent = spawnSightline(['agent', '--server', server.url, '--key', created.body.keys[0].rawKey, '--agent-health-port', '0', '--canary', CANARY]);
    const probes = await agent.line(/^Agent health probes on (\S+)/, 30_000);
    // Only a canary that answered counts: wait for it, then cut its link.
    await expect.poll(async () => ((await probe(`${probes}/health`)).body as { connectivity?: { status: string } }).connectivity?.status, { timeout: 30_000 }).toBe('online');
    ip(['-n', NS, 'link', 'set', NS_IF, 'down']);
    await agent.line(/^Agent offline since /, 30_000);

    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    const sessionId = triggered.body.sessions[0].checkSessionId as string;
    const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).not.toBe('FAILED');
    const results = await server.api('GET', `/v1/check-results/${check.body.id}?limit=10`);
    expect(results.body.map((r: { error: { kind: string; message: string } | null }) => r.error?.kind)).toEqual(['AGENT_OFFLINE']);
    expect(results.body[0].error.message).toMatch(/^Skipped: agent offline\./);
    await expect.poll(() => types().filter((t) => t.type === 'AGENT_OFFLINE'), { timeout: 10_000 }).toHaveLength(1);
    expect(types()[0]?.name).toContain('Branch office');

    ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
    await agent.line(/^Agent back online since /, 30_000);
    await expect.poll(() => types().filter((t) => t.type === 'AGENT_ONLINE'), { timeout: 10_000 }).toHaveLength(1);
    const again = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
    const passed = await server.api('GET', `/v1/check-sessions/${again.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(passed.body.status).toBe('PASSED');
    expect(types().map((t) => t.type)).toEqual(['AGENT_OFFLINE', 'AGENT_ONLINE']);
  }, 90_000);
});
