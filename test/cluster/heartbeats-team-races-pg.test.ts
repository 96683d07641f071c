import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Issue 35, team mode: two servers on one PostgreSQL take pings of the same heartbeats. Each write
 * is decided from the stored state under a row lock, so two pings at once on two servers are judged
 * one after the other (as on one server), and the leader's failure of a deadline loses to a ping
 * another server stored first. Both backends run in this process on one manual clock (a period of
 * a minute passes at once); the lease (real time) picks the leader.
 */

/** A manual clock's jumps would read as suspensions: time moves here without them. */
const NO_SUSPENSIONS = { suspendThresholdMs: 1e12, stepThresholdMs: 1e12 };

interface HbResult {
  hasFailures: boolean;
  heartbeatCheckResult: { event: string; state: string; previousPingAt: string | null };
}

describe('heartbeat pings and deadlines across two servers on PostgreSQL', () => {
  let cluster: PgCluster;
  const servers: TestServer[] = [];
  const keyDir = mkdtempSync('/tmp/sightline-hb-races-key-');
  const clock = new ManualClock(Date.now());
  let leader: TestServer;
  let standby: TestServer;
  let config: { databaseUrl: string; secretKeyFile: string };

  beforeAll(async () => {
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase('heartbeat_races');
    config = { databaseUrl, secretKeyFile: join(keyDir, 'secret.key') };
    for (let i = 0; i < 2; i++) servers.push(await startServer({ config, clock, clockWatch: NO_SUSPENSIONS }));
    const until = Date.now() + 15_000;
    while (servers.filter((s) => s.backend.cluster.isLeader()).length !== 1) {
      if (Date.now() > until) throw new Error('no server of the two took the lead');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    [leader, standby] = servers[0]!.backend.cluster.isLeader() ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!];
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await cluster?.stop();
    rmSync(keyDir, { recursive: true, force: true });
  });

  async function createHeartbeat(name: string): Promise<{ id: string; token: string }> {
    const created = await standby.api('POST', '/v1/checks/heartbeat', { name, heartbeat: { period: 1, periodUnit: 'minutes', grace: 0, graceUnit: 'seconds' } });
    expect(created.status, created.text).toBe(201);
    const heartbeat = { id: created.body.id as string, token: created.body.heartbeat.pingToken as string };
    // Both servers know it before its pings (each also looks it up on an unknown token).
    for (const server of servers) await server.backend.heartbeats.refresh();
    return heartbeat;
  }

  const ping = (server: TestServer, token: string) => fetch(`${server.url}/ping/${token}`, { method: 'POST' }).then((r) => r.status);

  async function results(id: string): Promise<HbResult[]> {
    const res = await leader.api('GET', `/v1/check-results/${id}?limit=100`);
    expect(res.status, res.text).toBe(200);
    return res.body as HbResult[];
  }

  it('two pings at once on two servers: both stored, the second judged after the first (EARLY, its previous ping the first)', async () => {
    const { id, token } = await createHeartbeat('Two at once');
    const first = clock.now().getTime();
    expect(await ping(leader, token)).toBe(200);
    clock.advance(40_000);
    const both = clock.now().getTime();
    expect(await Promise.all([ping(leader, token), ping(standby, token)])).toEqual([200, 200]);
    const pings = (await results(id)).map((r) => r.heartbeatCheckResult).filter((r) => r.event === 'PING');
    expect(pings).toHaveLength(3);
    const atOnce = pings.filter((r) => r.previousPingAt !== null).map((r) => ({ state: r.state, previousPingAt: r.previousPingAt }));
    // One of the two saw the leader's first ping as the last, the other the one stored just before it.
    expect(atOnce.sort((x, y) => x.state.localeCompare(y.state))).toEqual([
      { state: 'EARLY', previousPingAt: new Date(both).toISOString() },
      { state: 'RECEIVED', previousPingAt: new Date(first).toISOString() },
    ]);
    expect(pings.filter((r) => r.previousPingAt === null)).toHaveLength(1);
  });

  it('a ping stored by the standby after the leader last saw the heartbeat counts: the leader does not fail it at the deadline it remembers', async () => {
    const { id, token } = await createHeartbeat('Pinged on the standby');
    expect(await ping(leader, token)).toBe(200);
    clock.advance(50_000);
    // The leader's memory still says due 60 s after its own ping; the standby stored a later one.
    const later = clock.now().getTime();
    expect(await ping(standby, token)).toBe(200);
    clock.advance(12_000);
    await leader.backend.heartbeats.wake();
    await standby.backend.heartbeats.wake();
    // The leader's judgement found the standby's ping stored: it wrote nothing and took that deadline.
    await expect.poll(() => leader.backend.heartbeats.view(id)?.deadlineAt, { timeout: 10_000, interval: 20 }).toBe(later + 60_000);
    expect((await results(id)).filter((r) => r.hasFailures)).toEqual([]);
    // The leader took the stored deadline: a minute after the standby's ping, plus the second it
    // leaves for pings taken elsewhere to be stored, it fails once (the standby judges nothing).
    clock.advance(49_500);
    await leader.backend.heartbeats.wake();
    await standby.backend.heartbeats.wake();
    await expect.poll(async () => (await results(id)).filter((r) => r.hasFailures), { timeout: 10_000, interval: 50 }).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await results(id)).filter((r) => r.hasFailures)).toHaveLength(1);
    const failed = (await results(id)).find((r) => r.hasFailures)!;
    expect(failed.heartbeatCheckResult).toMatchObject({ event: 'MISSED', state: 'FAILING' });
    // The standby's page shows what is stored: failing.
    const status = await standby.api('GET', `/v1/check-statuses/${id}`);
    expect(status.body.hasFailures).toBe(true);
  });

  it('a deadline that passed while no server of the team ran is Sightline\'s downtime: the first to start again gives it one new period', async () => {
    const { id, token } = await createHeartbeat('Through a full stop');
    expect(await ping(standby, token)).toBe(200);
    // The standby first: stopping the leader first, the standby could take the lease as it stops.
    await standby.close();
    await leader.close();
    clock.advance(10 * 60_000);
    const again = await startServer({ config, clock, clockWatch: NO_SUSPENSIONS });
    servers.push(again);
    leader = again;
    const view = again.backend.heartbeats.view(id);
    expect(view?.note).toContain('Sightline was not running');
    expect(view?.deadlineAt).toBe(clock.now().getTime() + 60_000);
    // Once it leads, nothing fails for the gap (the new period has not passed).
    const until = Date.now() + 15_000;
    while (!again.backend.cluster.isLeader()) {
      if (Date.now() > until) throw new Error('the server did not take the lead');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await again.backend.heartbeats.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await results(id)).filter((r) => r.hasFailures)).toEqual([]);
  });
});
