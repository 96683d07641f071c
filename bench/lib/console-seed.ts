import { createLogger } from '../../src-main/core/logger';
import { systemClock } from '../../src-main/core/clock';
import { resolveConfig } from '../../src-main/core/config';
import { loadKeyring } from '../../src-main/core/keyring';
import { openDb } from '../../src-main/db/connection';
import { assignMissingCheckNums } from '../../src-main/db/repositories/runs';
import { INITIAL_ALERT_STATE } from '../../src-shared/rules/alerting';
import { encodeRunId } from '../../src-shared/rules/run-ids';
import { startRetention } from '../../src-main/services/engines/retention';
import { createRuntime } from '../../src-main/services/runtime';
import { api, bounded, loopbackAddress } from './api';
import { BENCH_API_KEY } from './server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SeededHealth = 'passing' | 'failing' | 'degraded' | 'paused';

export interface SeededMonitor {
  id: string;
  name: string;
  health: SeededHealth;
  /** Has 30 days of history (the detail page's 30-day range reads these). */
  longHistory: boolean;
}

export interface ConsoleSeed {
  monitors: SeededMonitor[];
  groups: number;
  results: number;
  sessions: number;
  rollups: number;
  createSeconds: number;
  seedSeconds: number;
  rollupSeconds: number;
}

/** Which health monitor i is created with: 2 % failing, 1 % degraded, 1 % paused, the rest passing. */
export function seededHealthOf(i: number): SeededHealth {
  const r = i % 100;
  return r < 2 ? 'failing' : r < 3 ? 'degraded' : r < 4 ? 'paused' : 'passing';
}

/**
 * Monitors through the real REST API of a running server: distinct loopback targets, ten groups,
 * tags. Failing ones carry an assertion no ping can pass (avg latency < 0), degraded ones a
 * degraded threshold of 0 ms, so the live scheduler keeps them in that state with real pings.
 */
export async function createConsoleMonitors(apiUrl: string, count: number, longHistory: number): Promise<{ monitors: SeededMonitor[]; groups: number; seconds: number }> {
  const started = Date.now();
  const groupIds: number[] = [];
  for (let g = 0; g < 10; g++) {
    const res = await api(apiUrl, 'POST', '/v1/check-groups', { name: `Team ${String.fromCharCode(65 + g)}`, activated: true, tags: [`team-${g}`] });
    if (res.status !== 201) throw new Error(`creating a group answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    groupIds.push(Number((res.body as { id: number }).id));
  }
  const monitors: SeededMonitor[] = new Array(count);
  await bounded(count, 16, async (i) => {
    const health = seededHealthOf(i);
    const name = `${['edge', 'core', 'db', 'api', 'cache'][i % 5]}-${String(i).padStart(5, '0')}`;
    const body: Record<string, unknown> = {
      name,
      frequency: 1,
      activated: health !== 'paused',
      groupId: groupIds[i % groupIds.length],
      tags: [['prod', 'staging'][i % 2], `rack-${i % 40}`],
      request: {
        hostname: loopbackAddress(i),
        pingCount: 3,
        assertions: health === 'failing' ? [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] : [],
      },
      ...(health === 'degraded' ? { degradedResponseTime: 0 } : {}),
    };
    const res = await api(apiUrl, 'POST', '/v1/checks/icmp', body);
    if (res.status !== 201) throw new Error(`creating monitor ${i} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    monitors[i] = { id: String((res.body as { id: string }).id), name, health, longHistory: i < longHistory && health === 'passing' };
  });
  return { monitors, groups: groupIds.length, seconds: (Date.now() - started) / 1000 };
}

/**
 * **Stored directly, no executor**: past sessions and FINAL results for the monitors of a stopped
 * server, so the console reads a database of realistic size. Short-history monitors get one run
 * every `shortEveryMin` minutes over the last ~day; long-history ones one run every 5 minutes
 * over 30 days. Then the real retention service rolls closed hours up (check_rollups), exactly as
 * it would have hour by hour.
 */
export async function seedResults(
  dataDir: string,
  monitors: readonly SeededMonitor[],
  targetResults: number,
): Promise<Pick<ConsoleSeed, 'results' | 'sessions' | 'rollups' | 'seedSeconds' | 'rollupSeconds'>> {
  const started = Date.now();
  const config = resolveConfig({ dataDir, apiKey: BENCH_API_KEY, rendererDir: null });
  const handle = openDb({ dataDir, migrationsDir: config.migrationsDir });
  // Paused checks get their check_num when first needed; the seed needs it now.
  await assignMissingCheckNums(handle.db);
  const sqlite = handle.sqlite;
  const nums = new Map((sqlite.prepare('select check_id as id, check_num as n from check_schedule where check_id is not null').all() as { id: string; n: number }[]).map((r) => [r.id, r.n]));
  sqlite.prepare("insert or ignore into run_location_codes (name) values ('local')").run();
  const location = (sqlite.prepare("select code from run_location_codes where name = 'local'").get() as { code: number }).code;
  const insertSession = sqlite.prepare('insert into check_sessions (check_num, status, run_source, started_at, stopped_at, run_locations) values (?, ?, 0, ?, ?, null)');
  const insertResult = sqlite.prepare(
    'insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms, response_time_ms, packets_sent, packets_received, min_us, avg_us, max_us, std_dev_us, detail_id) values (?, ?, ?, 0, ?, 1, ?, ?, ?, 3, ?, ?, ?, ?, ?, null)',
  );
  const upsertStatus = sqlite.prepare(
    `insert into check_statuses (check_num, flags, longest_run_ms, shortest_run_ms, last_location, last_session_id, created_at, updated_at) values (?, ?, 2050, 2010, ?, ?, ?, ?)
     on conflict(check_num) do update set flags = excluded.flags, last_session_id = excluded.last_session_id, updated_at = excluded.updated_at`,
  );
  // The seeded past counts as already judged by alerting (as it would have been, run by run), so the
  // start-up catch-up judges only what runs from now on.
  const markJudged = sqlite.prepare(
    `insert into check_alert_states (check_id, account_id, state, last_session_id, updated_at) select id, account_id, ?, ?, ? from checks where id = ?
     on conflict(check_id) do update set last_session_id = excluded.last_session_id`,
  );
  const now = Date.now();
  const longCount = monitors.filter((m) => m.longHistory).length;
  const longRuns = (30 * DAY - HOUR) / (5 * MINUTE);
  const perShort = Math.max(1, Math.round((targetResults - longCount * longRuns) / Math.max(1, monitors.length - longCount)));
  const shortEvery = Math.max(1, Math.floor((26 * HOUR) / perShort / MINUTE)) * MINUTE;
  let results = 0;
  const seedOne = sqlite.transaction((monitor: SeededMonitor, index: number) => {
    const checkNum = nums.get(monitor.id);
    if (checkNum === undefined) throw new Error(`monitor ${monitor.id} has no check_num`);
    const every = monitor.longHistory ? 5 * MINUTE : shortEvery;
    const runs = monitor.longHistory ? longRuns : perShort;
    let lastSession = 0;
    let lastFlags = 0;
    for (let k = runs; k >= 1; k--) {
      const at = now - k * every - (index % 60) * 1000;
      const roll = (index * 7919 + k) % 400;
      const flags = monitor.health === 'failing' ? 1 : monitor.health === 'degraded' ? 4 : roll === 0 ? 1 : roll === 1 ? 4 : 0;
      const status = flags === 1 ? 5 : flags === 4 ? 6 : 4;
      const avg = 30 + ((index + k) % 40);
      const session = insertSession.run(checkNum, status, at, at + 2_030);
      lastSession = Number(session.lastInsertRowid);
      lastFlags = flags;
      insertResult.run(lastSession, checkNum, location, flags, at, 2_030, 0, flags === 1 ? 3 : 3, avg - 10, avg, avg + 30, 8);
      results++;
    }
    upsertStatus.run(checkNum, lastFlags, location, lastSession, now - runs * every, now);
    markJudged.run(JSON.stringify(INITIAL_ALERT_STATE), encodeRunId('session', lastSession), now, monitor.id);
  });
  monitors.forEach((monitor, index) => seedOne(monitor, index));
  const sessions = results;
  const seedSeconds = (Date.now() - started) / 1000;

  // Roll the closed hours up with the real retention service (what the server does every minute).
  const rollupStarted = Date.now();
  try {
    const deps = { db: handle.db, clock: systemClock, logger: createLogger('warn'), runtime: createRuntime('http://bench'), keyring: loadKeyring(dataDir) };
    const retention = startRetention(deps, { intervalMs: DAY });
    const report = await retention.runOnce();
    await retention.stop();
    if (report.errors.length) throw new Error(`rolling up the seeded results failed: ${report.errors.join('; ')}`);
    const rollups = (handle.sqlite.prepare('select count(*) as n from check_rollups').get() as { n: number }).n;
    return { results, sessions, rollups, seedSeconds, rollupSeconds: (Date.now() - rollupStarted) / 1000 };
  } finally {
    handle.close();
  }
}
