import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/**
 * Issue 35, team mode: heartbeats behind a load balancer. Two real `sightline serve` processes on
 * one PostgreSQL; a job's pings reach whichever server. Only the leader judges deadlines, from the
 * pings every server stored: a heartbeat pinged only through the standby stays passing, one never
 * pinged fails once (one alert, not one per server), and after the leader is SIGKILLed the new
 * leader judges the deadlines (a missed one fails once, one pinged through the dead leader and then
 * the survivor does not). Periods are the shortest the API allows (30 s, no grace).
 */

const KEY = 'sl_team_heartbeats_owner_key_0123456789';
const DELAY_S = 5;
const PERIOD_S = 30;
const PING_EVERY_MS = 5_000;

interface Health {
  cluster: { role: 'leader' | 'standby' };
}

interface Node {
  cli: CliServer;
  dataDir: string;
  healthUrl: string;
}

interface HbResult {
  hasFailures: boolean;
  heartbeatCheckResult: { event: string; state: string; note: string | null };
}

async function probesUrl(cli: CliServer): Promise<string> {
  const url = () => cli.stdout.map((line) => /^Agent health probes on (http:\/\/\S+)$/.exec(line)?.[1]).find(Boolean);
  await expect.poll(url, { timeout: 15_000 }).toBeTruthy();
  return url()!;
}

async function role(node: Node): Promise<string> {
  const response = await fetch(`${node.healthUrl}/health`);
  return ((await response.json()) as Health).cluster.role;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describe('team mode: heartbeats pinged through any server, judged once by the leader', () => {
  let cluster: PgCluster;
  let receiver: HttpReceiver;
  const keyDir = mkdtempSync('/tmp/sightline-team-hb-key-');
  const keyFile = join(keyDir, 'secret.key');
  const nodes: Node[] = [];
  const pingers: (() => Promise<void>)[] = [];

  async function startNode(url: string): Promise<Node> {
    const dataDir = mkdtempSync('/tmp/sightline-team-hb-node-');
    const cli = await startCli(['--port', '0', '--data-dir', dataDir, '--agent-health-port', '0', '--database', url, '--secret-key-file', keyFile, '--failover-delay', String(DELAY_S), '--api-key', KEY], { scheduler: true });
    const node = { cli, dataDir, healthUrl: await probesUrl(cli) };
    nodes.push(node);
    return node;
  }

  const api = async (node: Node, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${node.cli.url}${path}`, { method, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { id: string } };
  };

  /** Pings a heartbeat every 5 s through the server `through()` names (none: skipped), keeping every answer's status (or error). */
  function pinger(token: string, through: () => Node | null): { statuses: (number | string)[] } {
    const statuses: (number | string)[] = [];
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        const node = through();
        if (node) {
          try {
            statuses.push((await fetch(`${node.cli.url}/ping/${token}`, { method: 'POST', body: 'done' })).status);
          } catch (error) {
            statuses.push(String(error));
          }
        }
        await sleep(PING_EVERY_MS);
      }
    })();
    pingers.push(async () => {
      stopped = true;
      await loop;
    });
    return { statuses };
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    receiver = await startHttpReceiver();
  }, 60_000);

  afterAll(async () => {
    for (const stop of pingers.splice(0)) await stop();
    for (const node of nodes) await node.cli.stop('SIGKILL');
    killLeftovers();
    await receiver?.close();
    await cluster?.stop();
    for (const dir of [keyDir, ...nodes.map((n) => n.dataDir)]) rmSync(dir, { recursive: true, force: true });
  });

  it('pinged through the standby: passing on the leader; never pinged: one failure, one alert; after a failover the new leader judges each deadline once', async () => {
    const url = await cluster.createDatabase('team_heartbeats');
    const a = await startNode(url);
    const b = await startNode(url);
    await expect.poll(async () => [await role(a), await role(b)].sort(), { timeout: 20_000, interval: 250 }).toEqual(['leader', 'standby']);
    const [leader, standby] = (await role(a)) === 'leader' ? [a, b] : [b, a];

    const channel = await api(standby, 'POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'On call', url: `${receiver.url}/team-hb` } });
    expect(channel.status).toBe(201);
    const create = async (node: Node, name: string) => {
      const created = await api(node, 'POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
        name,
        heartbeat: { period: PERIOD_S, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' },
        alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return { id: created.body.id, token: (created.body.heartbeat as { pingToken: string }).pingToken, createdAt: Date.now() };
    };
    const results = async (node: Node, id: string) => {
      const listed = await fetch(`${node.cli.url}/v1/check-results/${id}?limit=100`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(listed.status).toBe(200);
      return (await listed.json()) as HbResult[];
    };
    const failures = async (node: Node, id: string) => (await results(node, id)).filter((r) => r.hasFailures);
    const alertsOf = (id: string) => receiver.requests.filter((r) => r.body.includes(id)).map((r) => (JSON.parse(r.body) as { ALERT_TYPE: string }).ALERT_TYPE);

    // Both created through the standby; one pinged only through the standby, the other never.
    const pinged = await create(standby, 'Pinged through the standby');
    const silent = await create(standby, 'Never pinged');
    const pingedPings = pinger(pinged.token, () => standby);

    // The silent one fails once, judged by the leader at its deadline: one alert, not one per server.
    await expect.poll(() => failures(leader, silent.id), { timeout: (PERIOD_S + 15) * 1000, interval: 500 }).toHaveLength(1);
    expect((await failures(standby, silent.id))[0]?.heartbeatCheckResult).toMatchObject({ event: 'MISSED', state: 'FAILING' });
    await expect.poll(() => alertsOf(silent.id), { timeout: 15_000, interval: 250 }).toEqual(['ALERT_FAILURE']);

    // Two more heartbeats for the failover: one never pinged, one pinged only through the leader
    // (the standby's memory has none of its pings), and through the survivor once the leader is gone.
    const missed = await create(standby, 'Missed across the failover');
    let killing = false;
    let killedAt = 0;
    const carried = await create(standby, 'Pinged through the leader, then the survivor');
    // (None is sent to the leader in the second before it is killed: no ping is cut off mid-request.)
    const carriedPings = pinger(carried.token, () => (!killing ? leader : killedAt > 0 && Date.now() - killedAt >= 10_000 ? standby : null));

    // The leader dies just before the missed one's deadline: that deadline passes while no server leads.
    await sleep(missed.createdAt + PERIOD_S * 1000 - 3_000 - Date.now());
    killing = true;
    await sleep(1_000);
    killedAt = Date.now();
    await leader.cli.stop('SIGKILL');
    await expect.poll(() => role(standby), { timeout: (DELAY_S + 10) * 1000, interval: 100 }).toBe('leader');
    await expect.poll(() => failures(standby, missed.id), { timeout: 20_000, interval: 500 }).toHaveLength(1);
    const miss = (await failures(standby, missed.id))[0]!.heartbeatCheckResult;
    expect(miss).toMatchObject({ event: 'MISSED', state: 'FAILING' });
    // The standby ran when that deadline passed: it is the job's miss, not Sightline's downtime.
    expect(miss.note ?? '').not.toContain('Sightline was not running');
    await expect.poll(() => alertsOf(missed.id), { timeout: 15_000, interval: 250 }).toEqual(['ALERT_FAILURE']);

    // The carried one's deadline passes under the new leader more than once (its pings then come
    // through it); the first one's periods go on. Neither fails; nothing fails twice.
    await sleep(killedAt + PERIOD_S * 1000 + 15_000 - Date.now());
    for (const stop of pingers.splice(0)) await stop();
    expect(await failures(standby, pinged.id)).toEqual([]);
    expect(await failures(standby, carried.id)).toEqual([]);
    expect(await failures(standby, silent.id)).toHaveLength(1);
    expect(await failures(standby, missed.id)).toHaveLength(1);
    // Several periods of the first one's pings, every one stored and answered as on one server.
    expect((await results(standby, pinged.id)).length).toBeGreaterThanOrEqual(pingedPings.statuses.length);
    expect(Date.now() - pinged.createdAt).toBeGreaterThan(3 * PERIOD_S * 1000);
    expect(new Set([...pingedPings.statuses, ...carriedPings.statuses])).toEqual(new Set([200]));
    expect(alertsOf(pinged.id)).toEqual([]);
    expect(alertsOf(carried.id)).toEqual([]);
    expect(alertsOf(silent.id)).toEqual(['ALERT_FAILURE']);
    expect(alertsOf(missed.id)).toEqual(['ALERT_FAILURE']);
  }, 180_000);
});
