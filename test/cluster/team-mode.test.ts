import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPOSSIBLE } from '../alerts/harness';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { startHoldServer, type HoldServer } from '../helpers/hold-server';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/**
 * Issue 35, team mode: real `sightline serve` processes on one real PostgreSQL. One leads and
 * schedules; the other answers the API as a healthy standby; the leader SIGKILLed, the standby
 * leads within the failover delay + 5 s and runs the slots the dead leader missed, late, so every
 * planned slot has exactly one session; the dead leader's unfinished session is closed as
 * interrupted, and the standby's own run (asked of its API) is not.
 */

const KEY = 'sl_team_mode_owner_key_0123456789';
const DELAY_S = 5;
const PERIOD_MS = 10_000;

interface Health {
  cluster: { nodeId: string; role: 'leader' | 'standby'; leaderNodeId: string | null; leaseAgeMs: number | null; failoverDelaySeconds: number };
}

interface Node {
  cli: CliServer;
  dataDir: string;
  healthUrl: string;
}

async function probesUrl(cli: CliServer): Promise<string> {
  const url = () => cli.stdout.map((line) => /^Agent health probes on (http:\/\/\S+)$/.exec(line)?.[1]).find(Boolean);
  await expect.poll(url, { timeout: 15_000 }).toBeTruthy();
  return url()!;
}

async function health(node: Node): Promise<{ status: number; body: Health }> {
  const response = await fetch(`${node.healthUrl}/health`);
  return { status: response.status, body: (await response.json()) as Health };
}

describe('team mode: two servers on one PostgreSQL', () => {
  let cluster: PgCluster;
  let url: string;
  let admin: pg.Client;
  let databases = 0;
  const keyDir = mkdtempSync('/tmp/sightline-team-key-');
  const keyFile = join(keyDir, 'secret.key');
  const nodes: Node[] = [];
  let hold: HoldServer;

  async function startNode(): Promise<Node> {
    const dataDir = mkdtempSync('/tmp/sightline-team-node-');
    const cli = await startCli(
      ['--port', '0', '--data-dir', dataDir, '--agent-health-port', '0', '--database', url, '--secret-key-file', keyFile, '--failover-delay', String(DELAY_S), '--api-key', KEY],
      { scheduler: true },
    );
    const node = { cli, dataDir, healthUrl: await probesUrl(cli) };
    nodes.push(node);
    return node;
  }

  const api = (node: Node, method: string, path: string, body?: unknown) =>
    fetch(`${node.cli.url}${path}`, { method, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  /** A new database for the next test's servers, and a client of it to read what they wrote. */
  async function freshDatabase(): Promise<void> {
    await admin?.end();
    url = await cluster.createDatabase(`team_${++databases}`);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  }

  async function stopNodes(): Promise<void> {
    for (const node of nodes.splice(0)) {
      await node.cli.stop('SIGKILL');
      rmSync(node.dataDir, { recursive: true, force: true });
    }
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    hold = await startHoldServer(() => false, () => 0);
  }, 60_000);

  afterAll(async () => {
    await admin?.end();
    await hold?.close();
    for (const node of nodes) await node.cli.stop('SIGKILL');
    killLeftovers();
    await cluster?.stop();
    for (const dir of [keyDir, ...nodes.map((n) => n.dataDir)]) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses --database without --secret-key-file, naming both', async () => {
    await freshDatabase();
    const dataDir = mkdtempSync('/tmp/sightline-team-refused-');
    try {
      await expect(startCli(['--port', '0', '--data-dir', dataDir, '--database', url])).rejects.toThrow(/--database needs --secret-key-file/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('one leads, the other is a healthy standby; the leader SIGKILLed, the standby leads within the delay + 5 s and no planned slot is lost or run twice', async () => {
    await freshDatabase();
    const a = await startNode();
    const b = await startNode();
    const roles = async () => Promise.all([health(a), health(b)]);
    await expect.poll(async () => (await roles()).map((h) => h.body.cluster.role).sort(), { timeout: 20_000, interval: 250 }).toEqual(['leader', 'standby']);
    for (const h of await roles()) expect(h.status).toBe(200);
    const [leader, standby] = (await health(a)).body.cluster.role === 'leader' ? [a, b] : [b, a];

    // Checks created through the standby: both servers answer the API.
    const ids: string[] = [];
    for (const name of ['team one', 'team two', 'team three']) {
      const created = await api(standby, 'POST', '/v1/checks/icmp', { name, frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } });
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { id: string }).id);
    }
    const listed = await api(leader, 'GET', '/v1/checks?limit=100');
    expect(((await listed.json()) as { id: string }[]).map((c) => c.id).sort()).toEqual([...ids].sort());
    // A console session begun on one server is a session on the other (sessions live in the database).
    const signIn = await fetch(`${leader.cli.url}/console/session`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
    expect(signIn.status).toBe(201);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const sessionOn = async (node: Node) => (await (await fetch(`${node.cli.url}/console/session`, { headers: { cookie } })).json()) as { signedIn: boolean };
    expect(await sessionOn(standby)).toMatchObject({ signedIn: true });

    // Scheduled runs by the leader, for two periods.
    const sessions = async () =>
      (
        await admin.query<{ check_id: string; planned_at: string; n: string }>(
          `select s.check_id, cs.planned_at::text as planned_at, count(*)::text as n from check_sessions cs join check_schedule s on s.check_num = cs.check_num
           where cs.planned_at is not null group by 1, 2 order by 2`,
        )
      ).rows;
    await expect.poll(async () => new Set((await sessions()).map((r) => r.check_id)).size, { timeout: 40_000, interval: 500 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS));

    // Killed half a second before the next slot of the soonest check: the lease outlives the kill
    // by more than that (a standby takes over no sooner than the failover delay after the last
    // renewal), so the slots falling in the gap are missed by the dead leader.
    // A run asked of each server through its own API, each held by the target: a server runs what its
    // API was asked to run, and its sessions carry its node id.
    const held = async (node: Node, name: string) => {
      const created = await api(node, 'POST', '/v1/checks/api', { name, activated: false, frequency: 60, doubleCheck: false, degradedResponseTime: 29_000, maxResponseTime: 30_000, request: { method: 'GET', url: `${hold.base}/hold/${name}` } });
      expect(created.status, await created.clone().text()).toBe(201);
      const triggered = await api(node, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [((await created.json()) as { id: string }).id] } });
      expect(triggered.status).toBe(201);
      return ((await triggered.json()) as { sessions: { checkSessionId: string }[] }).sessions[0]!.checkSessionId;
    };
    const onStandby = await held(standby, 'standby-run');
    const onLeader = await held(leader, 'leader-run');
    await expect.poll(() => [...hold.arrivals].sort(), { timeout: 15_000 }).toEqual(['leader-run', 'standby-run']);

    const planned = await sessions();
    const nextSlot = Math.min(...ids.map((id) => Math.max(...planned.filter((r) => r.check_id === id).map((r) => Number(r.planned_at))) + PERIOD_MS));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextSlot - 500 - Date.now())));
    const killedAt = Date.now();
    await leader.cli.stop('SIGKILL');
    await expect.poll(async () => (await health(standby)).body.cluster.role, { timeout: (DELAY_S + 5) * 1000, interval: 100 }).toBe('leader');
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThan((DELAY_S + 5) * 1000);
    expect(await sessionOn(standby)).toMatchObject({ signedIn: true });

    // The dead leader's session is closed as interrupted by the new leader; the session the new
    // leader was running for its own API is not, and finishes when its target answers.
    const sessionOf = async (node: Node, id: string) => (await (await api(node, 'GET', `/v1/check-sessions/${id}`)).json()) as { status: string };
    await expect.poll(async () => (await sessionOf(standby, onLeader)).status, { timeout: (DELAY_S + 10) * 1000, interval: 250 }).toBe('CANCELLED');
    expect((await sessionOf(standby, onStandby)).status).toBe('STARTED');
    hold.release('standby-run');
    await expect.poll(async () => (await sessionOf(standby, onStandby)).status, { timeout: 15_000, interval: 250 }).toBe('PASSED');

    // Two more periods under the new leader, then every slot of each check from its first to its
    // last has exactly one session (the ones the dead leader missed were run late).
    await new Promise((resolve) => setTimeout(resolve, 2 * PERIOD_MS + 5_000));
    const rows = await sessions();
    expect(rows.filter((r) => r.n !== '1')).toEqual([]);
    for (const id of ids) {
      const slots = rows.filter((r) => r.check_id === id).map((r) => Number(r.planned_at));
      const first = Math.min(...slots);
      const last = Math.max(...slots);
      expect(last).toBeGreaterThan(killedAt + PERIOD_MS);
      const expected = Math.round((last - first) / PERIOD_MS) + 1;
      expect({ id, slots: slots.length }).toEqual({ id, slots: expected });
    }
    // The missed slots ran late (the new leader's catch-up), each as its own slot's session.
    const late = await admin.query<{ n: string }>(`select count(*)::text as n from check_sessions where planned_at > $1 and planned_at < $2 and started_at - planned_at > 1000`, [killedAt, killedAt + tookOverMs]);
    expect(Number(late.rows[0]!.n)).toBeGreaterThanOrEqual(1);
    // The runs finished: sessions of the new leader's slots are finished (status codes from 4 up).
    const finished = await admin.query<{ n: string }>(`select count(*)::text as n from check_sessions where planned_at > $1 and status >= 4`, [killedAt]);
    expect(Number(finished.rows[0]!.n)).toBeGreaterThanOrEqual(3);
    await stopNodes();
  }, 150_000);

  it('both servers deliver the outbox: each alert of a failing check that recovers is sent once, across a failover', async () => {
    await freshDatabase();
    const receiver: HttpReceiver = await startHttpReceiver();
    try {
      const a = await startNode();
      const b = await startNode();
      await expect.poll(async () => (await Promise.all([health(a), health(b)])).map((h) => h.body.cluster.role).sort(), { timeout: 20_000, interval: 250 }).toEqual(['leader', 'standby']);
      const [leader, standby] = (await health(a)).body.cluster.role === 'leader' ? [a, b] : [b, a];
      const channel = await api(standby, 'POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Team hook', url: `${receiver.url}/team` } });
      expect(channel.status).toBe(201);
      const channelId = ((await channel.json()) as { id: number }).id;
      const created = await api(standby, 'POST', '/v1/checks/icmp?autoAssignAlerts=false', {
        name: 'Team failing',
        frequency: 0,
        frequencyOffset: 10,
        request: IMPOSSIBLE,
        alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }],
      });
      expect(created.status).toBe(201);
      const checkId = ((await created.json()) as { id: string }).id;
      const alertsOf = () => receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => (JSON.parse(r.body) as { ALERT_TYPE: string }).ALERT_TYPE);
      await expect.poll(alertsOf, { timeout: 40_000, interval: 250 }).toEqual(['ALERT_FAILURE']);

      // The leader dies while the check keeps failing: the new leader's runs raise nothing new.
      await leader.cli.stop('SIGKILL');
      await expect.poll(async () => (await health(standby)).body.cluster.role, { timeout: (DELAY_S + 5) * 1000, interval: 100 }).toBe('leader');
      const failedAfter = async () =>
        Number((await admin.query<{ n: string }>(`select count(*)::text as n from check_sessions cs join check_schedule s on s.check_num = cs.check_num where s.check_id = $1 and cs.status >= 4`, [checkId])).rows[0]!.n);
      const before = await failedAfter();
      await expect.poll(failedAfter, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(before + 2);
      expect(alertsOf()).toEqual(['ALERT_FAILURE']);

      // It recovers: one ALERT_RECOVERY, from the one server left.
      const fixed = await api(standby, 'PUT', `/v1/checks/icmp/${checkId}`, { request: { hostname: '127.0.0.1', pingCount: 1, assertions: [] } });
      expect(fixed.status).toBe(200);
      await expect.poll(alertsOf, { timeout: 40_000, interval: 250 }).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY']);
      // The receiver answers before the server records SUCCESS: the rows are read until it has.
      const notifications = async () =>
        (
          await admin.query<{ alert_type: string; status: string; attempts: number }>(
            `select alert_type, status, attempts from alert_notifications where check_id = $1 order by created_at`,
            [checkId],
          )
        ).rows;
      await expect.poll(notifications, { timeout: 10_000, interval: 100 }).toEqual([
        { alert_type: 'ALERT_FAILURE', status: 'SUCCESS', attempts: 1 },
        { alert_type: 'ALERT_RECOVERY', status: 'SUCCESS', attempts: 1 },
      ]);
    } finally {
      await stopNodes();
      await receiver.close();
    }
  }, 150_000);

  it('PostgreSQL stopped for 20 s, then started: no server exits, and scheduled runs resume within a minute', async () => {
    await freshDatabase();
    const a = await startNode();
    const b = await startNode();
    await expect.poll(async () => (await Promise.all([health(a), health(b)])).map((h) => h.body.cluster.role).sort(), { timeout: 20_000, interval: 250 }).toEqual(['leader', 'standby']);
    const created = await api(a, 'POST', '/v1/checks/icmp', { name: 'Through the outage', frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } });
    expect(created.status).toBe(201);
    const sessionsAfter = async (since: number) =>
      Number((await admin.query<{ n: string }>(`select count(*)::text as n from check_sessions where planned_at > $1 and status >= 4`, [since])).rows[0]!.n);
    await expect.poll(() => sessionsAfter(0), { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(1);

    await admin.end();
    await cluster.stopServer();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    // Both still up, answering their health probes while the database is away.
    for (const node of [a, b]) {
      expect(node.cli.child.exitCode).toBeNull();
      expect((await fetch(`${node.healthUrl}/-/liveness`)).status).toBe(200);
    }
    await cluster.startServer();
    const back = Date.now();
    admin = new (await import('pg')).default.Client({ connectionString: url });
    await admin.connect();
    await expect.poll(() => sessionsAfter(back), { timeout: 60_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
    expect(Date.now() - back).toBeLessThan(60_000);
    for (const node of [a, b]) expect(node.cli.child.exitCode).toBeNull();
    // One leader again, and the API answers on both.
    await expect.poll(async () => (await Promise.all([health(a), health(b)])).map((h) => h.body.cluster.role).sort(), { timeout: 20_000, interval: 250 }).toEqual(['leader', 'standby']);
    for (const node of [a, b]) expect((await api(node, 'GET', '/v1/checks')).status).toBe(200);
    await stopNodes();
  }, 180_000);
});
