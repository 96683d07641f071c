import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { cadenceOf } from '../../src-shared/rules/schedule';
import { startPgCluster, type PgCluster } from '../../test/helpers/postgres';
import { readHealth } from './api';
import { makeTempDir, removeTempDir } from './cleanup';
import { startServer, type ServerHandle } from './server';
import { sleep } from './stats';

/**
 * Team mode for the benchmarks (issue 35): one real PostgreSQL cluster (the tests' throwaway
 * cluster: a temporary folder, unix socket only, fsync off) and several real `sightline serve`
 * processes on one database of it, each with its own data folder, one key file.
 */
export interface Team {
  cluster: PgCluster;
  url: string;
  servers: ServerHandle[];
  admin: pg.Client;
  failoverDelayS: number;
  /** The server that leads now (by the servers' own /health), or null. */
  leader(): Promise<ServerHandle | null>;
  stop(): Promise<void>;
}

interface ClusterHealth {
  cluster?: { role?: string };
}

export async function roleOf(server: ServerHandle): Promise<string | null> {
  if (!server.healthUrl || server.child.exitCode !== null || server.child.signalCode !== null) return null;
  try {
    const response = await fetch(`${server.healthUrl}/health`, { signal: AbortSignal.timeout(2_000) });
    return ((await response.json()) as ClusterHealth).cluster?.role ?? null;
  } catch {
    return null;
  }
}

export async function startTeam(label: string, count: number, failoverDelayS: number): Promise<Team> {
  const cluster = await startPgCluster({ maxConnections: 200 });
  const url = await cluster.createDatabase('bench');
  const keyDir = mkdtempSync('/tmp/sightline-bench-key-');
  const servers: ServerHandle[] = [];
  const dirs: string[] = [];
  const admin = adminClient(url);
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = makeTempDir(`${label}-${i}`);
      dirs.push(dataDir);
      servers.push(
        await startServer({ dataDir, extraArgs: ['--database', url, '--secret-key-file', join(keyDir, 'secret.key'), '--failover-delay', String(failoverDelayS)] }),
      );
      process.stdout.write(`  [${label}] server ${i + 1} of ${count}: API ${servers[i]!.apiUrl}, pid ${servers[i]!.pid}\n`);
    }
    await admin.connect();
  } catch (error) {
    for (const server of servers) await server.stop(5_000);
    await cluster.stop();
    throw error;
  }
  const leader = async () => {
    for (const server of servers) if ((await roleOf(server)) === 'leader') return server;
    return null;
  };
  for (let i = 0; i < 100 && !(await leader()); i++) await sleep(200);
  const team: Team = {
    cluster,
    url,
    servers,
    admin,
    failoverDelayS,
    leader,
    async stop() {
      await team.admin.end().catch(() => undefined);
      for (const server of servers) await server.stop(30_000);
      await cluster.stop();
      for (const dir of dirs) removeTempDir(dir);
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
  return team;
}

/** A client of the team's database for the bench's own reads (an outage ends it with an error event, which must not end the bench). */
export function adminClient(url: string): pg.Client {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (error) => process.stdout.write(`  [team] the bench's own PostgreSQL connection failed: ${error.message}\n`));
  return client;
}

export interface SlotFigures {
  /** Planned slots of the activated checks of this type in the window. */
  expected: number;
  /** Slots with a finished session. */
  ran: number;
  /** Slots with more than one session (the database refuses them: should be 0). */
  twice: number;
  /** Slots whose first result started within 1 s of the slot. */
  onTime: number;
  /** Finished sessions whose FINAL result failed, were skipped or errored. */
  failing: number;
  lagP99Ms: number;
}

/** The window judged slot by slot from the team's database. */
export async function slotFigures(admin: pg.Client, checkType: string, window: { from: number; to: number }, exceptIds: readonly string[] = []): Promise<SlotFigures> {
  const checks = (
    await admin.query<{ id: string; frequency: number | null; offset: number | null; check_num: number }>(
      `select c.id, (c.body->>'frequency')::int as frequency, (c.body->>'frequencyOffset')::int as "offset", s.check_num
         from checks c join check_schedule s on s.check_id = c.id where c.activated and c.check_type = $1`,
      [checkType],
    )
  ).rows;
  let expected = 0;
  const nums = new Set<number>();
  for (const check of checks.filter((c) => !exceptIds.includes(c.id))) {
    const cadence = cadenceOf(check.frequency ?? 10, check.offset, check.id);
    const first = Math.ceil((window.from - cadence.phaseMs) / cadence.periodMs);
    const last = Math.ceil((window.to - cadence.phaseMs) / cadence.periodMs) - 1;
    expected += Math.max(0, last - first + 1);
    nums.add(Number(check.check_num));
  }
  // One pass over the window's results (a hash aggregate by session), then the sessions by slot.
  const rows = (
    await admin.query<{ check_num: number; planned_at: string; n: string; finished: string; first_start: string | null; final_flags: number | null }>(
      `with s as (select id, check_num, planned_at, status from check_sessions where planned_at >= $1 and planned_at < $2),
            r as (select session_id, min(started_at) as first_start, max(flags) filter (where result_type = 0) as final_flags
                    from check_results where started_at >= $1 - 600000 group by session_id)
       select s.check_num, s.planned_at::text as planned_at, count(*)::text as n, count(*) filter (where s.status >= 4)::text as finished,
              min(r.first_start)::text as first_start, max(r.final_flags) as final_flags
         from s left join r on r.session_id = s.id
        group by s.check_num, s.planned_at`,
      [window.from, window.to],
    )
  ).rows.filter((row) => nums.has(Number(row.check_num)));
  let ran = 0;
  let twice = 0;
  let onTime = 0;
  let failing = 0;
  const lags: number[] = [];
  for (const row of rows) {
    if (Number(row.n) > 1) twice++;
    if (Number(row.finished) > 0) ran++;
    if (row.first_start !== null) {
      const lag = Number(row.first_start) - Number(row.planned_at);
      lags.push(lag);
      if (Math.abs(lag) <= 1000) onTime++;
    }
    if (row.final_flags !== null && (row.final_flags & (1 | 2 | 64 | 256)) !== 0) failing++;
  }
  lags.sort((a, b) => a - b);
  return { expected, ran, twice, onTime, failing, lagP99Ms: lags.length ? lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))]! : 0 };
}

/** p50 / p99 / max of a list of milliseconds. */
export function percentiles(values: number[]): { p50: number; p99: number; max: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, n: sorted.length };
}

export { readHealth };
