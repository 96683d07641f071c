import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../../helpers/server';
import { trpcClient } from '../../helpers/trpc';
import { startHttpReceiver, type HttpReceiver } from '../../notify/receivers';
import { netnsSkipReason } from '../../runner/netns';

/**
 * The embedded agent's only canary is a gateway behind a veth pair, in a namespace of the test's
 * own making, that ignores ICMP echo from the start (as many gateways and cloud resolvers do; the
 * namespace's own icmp_echo_ignore_all). Rounds are 300 ms apart, so twelve rounds — a minute at
 * the default 5 s — take under four seconds.
 */

const NS = `slcev${process.pid}`;
const HOST_IF = `slc${process.pid}h`;
const NS_IF = `slc${process.pid}n`;
const GATEWAY = '10.215.0.2';
const ROUND_MS = 300;

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

const ignoreEcho = (on: boolean) => run('ip', ['netns', 'exec', NS, 'sysctl', '-q', '-w', `net.ipv4.icmp_echo_ignore_all=${on ? 1 : 0}`]);

function removeNamespace(): void {
  spawnSync('ip', ['link', 'del', HOST_IF]);
  spawnSync('ip', ['netns', 'del', NS]);
}

const skip = netnsSkipReason('the canary-evidence test');

describe.skipIf(skip !== null)('canaries count only once they have answered (network namespace, real fping)', () => {
  let server: TestServer;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    removeNamespace();
    run('ip', ['netns', 'add', NS]);
    run('ip', ['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
    run('ip', ['link', 'set', NS_IF, 'netns', NS]);
    run('ip', ['addr', 'add', '10.215.0.1/24', 'dev', HOST_IF]);
    run('ip', ['link', 'set', HOST_IF, 'up']);
    run('ip', ['-n', NS, 'addr', 'add', `${GATEWAY}/24`, 'dev', NS_IF]);
    // The gateway is up but ignores every echo request: it never answers.
    ignoreEcho(true);
    run('ip', ['-n', NS, 'link', 'set', NS_IF, 'up']);
    receiver = await startHttpReceiver();
    server = await startServer({ canaryIntervalMs: ROUND_MS, config: { canaries: [GATEWAY] } });
    const channel = await server.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","error":"{{CHECK_ERROR_MESSAGE}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    removeNamespace();
  });

  const notices = () => receiver.requests.map((request) => JSON.parse(request.body) as { type: string; error: string });

  async function runOnce(checkId: string): Promise<{ status: string; kind: string | null }> {
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const results = await server.api('GET', `/v1/check-results/${checkId}?limit=1`);
    return { status: done.body.status as string, kind: (results.body[0]?.error?.kind as string | undefined) ?? null };
  }

  it('never answered: checks run and "no usable canary" is said; first answer a minute later: used; then it stops: offline, once each way', async () => {
    const trpc = trpcClient(server.url, server.key);
    const check = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'loopback', request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(check.status, check.text).toBe(201);

    // Twelve rounds in which the gateway never answered (a minute at the default period).
    await expect.poll(async () => (await trpc.agent.health.query()).connectivity?.status, { timeout: 15_000 }).toBe('no-usable-canary');
    await new Promise((resolve) => setTimeout(resolve, 12 * ROUND_MS));
    const unusable = await trpc.agent.health.query();
    expect(unusable.status).toBe('ok');
    expect(unusable.connectivity).toMatchObject({ status: 'no-usable-canary', notUsed: [{ host: GATEWAY, why: 'never answered' }] });
    expect(unusable.message).toContain(`This agent has no usable canary: ${GATEWAY} never answered, so the offline guard is off`);
    expect(unusable.message).toContain('--canary HOST');
    expect(unusable.message).toContain('--no-canary');
    expect((await trpc.agent.canaries.query()).notUsed).toEqual([{ host: GATEWAY, why: 'never answered' }]);
    expect(await runOnce(check.body.id)).toEqual({ status: 'PASSED', kind: null });
    expect(notices()).toEqual([]);

    // The gateway answers for the first time: from now on it counts.
    ignoreEcho(false);
    await expect.poll(async () => (await trpc.agent.health.query()).connectivity?.status, { timeout: 15_000 }).toBe('online');
    expect((await trpc.agent.health.query()).connectivity?.notUsed).toEqual([]);

    // The gateway that answered stops: the agent is offline, as before; a run is the agent's, not the target's.
    run('ip', ['-n', NS, 'link', 'set', NS_IF, 'down']);
    await expect.poll(async () => (await trpc.agent.health.query()).connectivity?.status, { timeout: 15_000 }).toBe('offline');
    expect((await trpc.agent.health.query()).message).toMatch(/^This agent is offline since /);
    const offline = await runOnce(check.body.id);
    expect(offline.kind).toBe('AGENT_OFFLINE');
    expect(offline.status).not.toBe('FAILED');
    await expect.poll(() => notices().map((n) => n.type), { timeout: 10_000 }).toEqual(['AGENT_OFFLINE']);
    expect(notices()[0]?.error).toContain(`(${GATEWAY}) answered in 2 rounds in a row`);

    run('ip', ['-n', NS, 'link', 'set', NS_IF, 'up']);
    await expect.poll(() => notices().map((n) => n.type), { timeout: 15_000 }).toEqual(['AGENT_OFFLINE', 'AGENT_ONLINE']);
    expect(notices()[1]?.error).toContain('(1 run was skipped while it was offline');
    expect(await runOnce(check.body.id)).toEqual({ status: 'PASSED', kind: null });
  }, 90_000);
});
