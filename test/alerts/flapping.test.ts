import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient, type TrpcClient } from '../helpers/trpc';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel } from './harness';

/**
 * Issue 30, item 3: a target that answers on one run and not on the next (its link into a namespace
 * of the test's own, 10.215.0.0/16, goes up and down between runs). With the defaults the check
 * sends its first changes, then one FLAPPING notification, silence while it flaps, and one
 * notification of its state once its last 5 runs agree; the console's lists, dashboard and
 * monitor page say FLAPPING meanwhile. A check's own setting and a group's apply.
 */

const NS = `slflap${process.pid}`;
const HOST_IF = `slf${process.pid}h`;
const NS_IF = `slf${process.pid}n`;
const TARGET = '10.215.0.2';

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

const link = (state: 'up' | 'down') => ip(['-n', NS, 'link', 'set', NS_IF, state]);

interface Received {
  CHECK_NAME: string;
  ALERT_TYPE: string;
  ERROR_MESSAGE: string;
}

describe('a check alternating every run: flap detection (network namespace, real ping, real webhook)', { timeout: 120_000 }, () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let trpc: TrpcClient;
  let groupId = 0;
  const ids: Record<'defaults' | 'off' | 'group' | 'short', string> = { defaults: '', off: '', group: '', short: '' };

  beforeAll(async () => {
    ip(['netns', 'add', NS]);
    ip(['-n', NS, 'link', 'set', 'lo', 'up']);
    ip(['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
    ip(['link', 'set', NS_IF, 'netns', NS]);
    ip(['addr', 'add', '10.215.0.1/16', 'dev', HOST_IF]);
    ip(['link', 'set', HOST_IF, 'up']);
    ip(['-n', NS, 'addr', 'add', `${TARGET}/16`, 'dev', NS_IF]);
    receiver = await startHttpReceiver();
    server = await startServer();
    trpc = trpcClient(server.url, server.key);
    // Four checks changing state send more than the default budget of 20; the budget is item 2's subject, not this test's.
    await trpc.alerts.setDeliverySettings.mutate({ rateLimit: { max: 100, windowMinutes: 10 } });
    const channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'On call', url: `${receiver.url}/hook` } });
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Edge', flapDetection: { changes: 2, stableRuns: 3 } });
    expect(group.status, group.text).toBe(201);
    expect(group.body.flapDetection).toEqual({ changes: 2, stableRuns: 3 });
    groupId = group.body.id as number;
    const create = async (name: string, extra: Record<string, unknown>) => {
      const created = await server.api(
        'POST',
        '/v1/checks/icmp?autoAssignAlerts=false',
        // Thresholds far above the veth's RTT (< 1 ms): a ping slowed by a loaded machine must not read as a state change.
        icmpBody({ name, request: { hostname: TARGET, pingCount: 1 }, degradedResponseTime: 1900, maxResponseTime: 2000, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }], ...extra }),
      );
      expect(created.status, created.text).toBe(201);
      return created.body.id as string;
    };
    ids.defaults = await create('Defaults', {});
    ids.off = await create('Damping off', { flapDetection: { enabled: false } });
    ids.group = await create('In the group', { groupId: group.body.id });
    // A stable tail longer than its window: it must still stop flapping.
    ids.short = await create('Short window', { flapDetection: { changes: 2, windowRuns: 3, stableRuns: 5 } });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    spawnSync('ip', ['link', 'del', HOST_IF]);
    spawnSync('ip', ['netns', 'del', NS]);
  });

  async function runOnce(): Promise<void> {
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: Object.values(ids) } });
    expect(triggered.status, triggered.text).toBe(201);
    for (const s of triggered.body.sessions as { checkSessionId: string }[]) {
      const done = await server.api('GET', `/v1/check-sessions/${s.checkSessionId}/completion?maxWaitSeconds=30`);
      expect(done.status, done.text).toBe(200);
    }
  }

  async function sentTo(name: string): Promise<Received[]> {
    await server.backend.alerting.dispatcher.drain();
    return receiver.requests.map((r) => JSON.parse(r.body) as Received).filter((b) => b.CHECK_NAME === name);
  }
  const types = async (name: string) => (await sentTo(name)).map((b) => b.ALERT_TYPE);

  it('its first changes, one notification when it starts flapping, silence while it flaps, one with its state once stable; the console shows FLAPPING', async () => {
    for (let run = 0; run < 10; run++) {
      link(run % 2 === 0 ? 'down' : 'up');
      await runOnce();
    }
    expect(await types('Defaults')).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY', 'ALERT_FAILURE', 'ALERT_RECOVERY', 'ALERT_FLAPPING']);
    expect((await sentTo('Defaults'))[4]?.ERROR_MESSAGE).toMatch(/flapping: its state changed 5 times in its last 6 runs/);
    expect(await types('Damping off'), 'a check’s own setting: no damping, one notification per change').toHaveLength(10);
    expect(await types('In the group'), 'the group’s setting: flapping after 2 changes').toEqual(['ALERT_FAILURE', 'ALERT_FLAPPING']);

    // What the console shows: the list, the dashboard (even while its last run passed) and the monitor page.
    const overview = await trpc.checks.overview.query({});
    const flagged = Object.fromEntries(overview.items.map((item) => [item.name, item.flapping]));
    expect(flagged).toEqual({ Defaults: true, 'Damping off': false, 'In the group': true, 'Short window': true });
    const dashboard = await trpc.dashboard.summary.query();
    expect(
      dashboard.problems.items
        .filter((p) => p.flapping)
        .map((p) => [p.name, p.health])
        .sort(),
    ).toEqual([
      ['Defaults', 'passing'],
      ['In the group', 'passing'],
      ['Short window', 'passing'],
    ]);
    expect((await trpc.monitorStats.state.query({ checkId: ids.defaults })).flapping).toBe(true);

    // It settles: passing for 5 runs in a row.
    link('up');
    for (let run = 0; run < 5; run++) await runOnce();
    const settled = await sentTo('Defaults');
    expect(settled.map((b) => b.ALERT_TYPE)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY', 'ALERT_FAILURE', 'ALERT_RECOVERY', 'ALERT_FLAPPING', 'ALERT_RECOVERY']);
    expect(settled[5]?.ERROR_MESSAGE).toBe('Stopped flapping: passing for 5 runs in a row.');
    expect(await types('In the group')).toEqual(['ALERT_FAILURE', 'ALERT_FLAPPING', 'ALERT_RECOVERY']);
    const short = await sentTo('Short window');
    expect(short.map((b) => b.ALERT_TYPE), 'a stable tail longer than the window still ends flapping').toEqual(['ALERT_FAILURE', 'ALERT_FLAPPING', 'ALERT_RECOVERY']);
    expect(short[1]?.ERROR_MESSAGE).toMatch(/its state changed 2 times in its last 3 runs/);
    expect(short[2]?.ERROR_MESSAGE).toBe('Stopped flapping: passing for 5 runs in a row.');
    expect((await trpc.monitorStats.state.query({ checkId: ids.defaults })).flapping).toBe(false);
    expect((await trpc.checks.overview.query({})).items.every((item) => !item.flapping)).toBe(true);
  });

  it('refuses settings it cannot follow, naming the field', async () => {
    const tooFew = await server.api('PUT', `/v1/checks/icmp/${ids.defaults}`, { flapDetection: { changes: 1 } });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toMatch(/flapDetection\.changes: must be at least 2/);
    const wider = await server.api('PUT', `/v1/checks/icmp/${ids.defaults}`, { flapDetection: { changes: 10, windowRuns: 10 } });
    expect(wider.status).toBe(400);
    expect(wider.body.message).toMatch(/flapDetection\.changes: must be less than windowRuns/);
    const unknown = await server.api('POST', '/v2/check-groups', { name: 'G', flapDetection: { threshold: 3 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/flapDetection/);
  });

  it('are set and cleared through tRPC as through REST, for a check and a group', async () => {
    const check = await trpc.checks.updateIcmp.mutate({ id: ids.off, patch: { flapDetection: { enabled: true, changes: 3 } } });
    expect(check.flapDetection).toEqual({ enabled: true, changes: 3 });
    const group = await trpc.checkGroups.update.mutate({ id: groupId, patch: { flapDetection: { windowRuns: 6 } } });
    expect(group.flapDetection).toEqual({ windowRuns: 6 });
    await expect(trpc.checks.updateIcmp.mutate({ id: ids.off, patch: { flapDetection: { stableRuns: 0 } } })).rejects.toThrow(/flapDetection\.stableRuns: must be at least 1/);
    await expect(trpc.checkGroups.update.mutate({ id: groupId, patch: { flapDetection: { changes: 8, windowRuns: 8 } } })).rejects.toThrow(/flapDetection\.changes: must be less than windowRuns/);
    // null clears a check's own setting: it inherits again, and reads leave it out.
    const cleared = await server.api('PUT', `/v1/checks/icmp/${ids.off}`, { flapDetection: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.flapDetection ?? null).toBeNull();
  });
});
