import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../../src-main/core/clock';
import { resolveConfig } from '../../src-main/core/config';
import { loadKeyring } from '../../src-main/core/keyring';
import { createLogger } from '../../src-main/core/logger';
import { DB_FILE_NAME, openDb } from '../../src-main/db/connection';
import { assignMissingCheckNums, locationCodes } from '../../src-main/db/repositories/runs';
import { bootstrapAccount } from '../../src-main/services/accounts/bootstrap';
import { createCheck } from '../../src-main/services/checks';
import { IcmpMonitorCreate } from '../../src-shared/schemas/icmp-monitor';
import { startRetention, type Retention, type RetentionReport } from '../../src-main/services/engines/retention';
import { createRuntime } from '../../src-main/services/runtime';
import { cadenceOf } from '../../src-shared/rules/schedule';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import type { Scenario } from '../lib/scenario';
import { BENCH_API_KEY } from '../lib/server';
import { fmt } from '../lib/stats';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** One day of raw rows (and notifications); the pass runs only when the bench calls runOnce (the interval is a day). */
const RETENTION_OPTIONS = { rawRetentionDays: 1, notificationRetentionDays: 1, intervalMs: 24 * HOUR };

export const retention: Scenario = {
  name: 'retention',
  title: 'database size under 1-day raw retention (simulated days)',
  description: (o) =>
    `**Simulated: rows inserted directly, no executor.** ${o.retention.monitors} ICMP monitors created in-process; for each of ${o.retention.days} simulated days ` +
    'on a ManualClock, every simulated hour inserts one session and one FINAL result per monitor per minute (98 % passed, 1 % degraded, 1 % failed) with ' +
    'prepared SQL in one transaction, advances the clock to the end of that hour and runs one pass of the retention service ' +
    '(src-main/services/engines/retention.ts startRetention(...).runOnce(): rollups, prune, incremental vacuum) configured ' +
    `for ${RETENTION_OPTIONS.rawRetentionDays} day of raw rows. At the end of each simulated day: wal_checkpoint(TRUNCATE), then the database file size and row counts.`,
  async run(ctx) {
    const { monitors, days } = ctx.options.retention;
    const dataDir = makeTempDir('retention');
    const dbFile = join(dataDir, DB_FILE_NAME);
    const config = resolveConfig({ dataDir, apiKey: BENCH_API_KEY, rendererDir: null });
    const handle = openDb({ dataDir, migrationsDir: config.migrationsDir });
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const clock = new ManualClock(start);
    const deps = { db: handle.db, clock, logger: createLogger('warn'), runtime: createRuntime('http://bench'), keyring: loadKeyring(dataDir) };
    let service: Retention | null = null;
    try {
      const { accountId } = await bootstrapAccount(deps, BENCH_API_KEY);
      const ctxAccount = { ...deps, accountId };
      handle.sqlite.exec('BEGIN');
      for (let i = 0; i < monitors; i++) await createCheck(ctxAccount, IcmpMonitorCreate.parse({ name: `retention ${i}`, frequency: 1, request: { hostname: '127.0.0.1' } }), { autoAssignAlerts: false });
      handle.sqlite.exec('COMMIT');
      await assignMissingCheckNums(handle.db);
      const location = (await locationCodes(handle.db, ['local'])).get('local') ?? 1;
      const checks = (handle.sqlite.prepare("select s.check_num as checkNum, c.id as id from check_schedule s join checks c on c.id = s.check_id where c.check_type = 'ICMP'").all() as { checkNum: number; id: string }[]).map(
        (c) => ({ ...c, phaseMs: cadenceOf(1, null, c.id).phaseMs }),
      );

      service = startRetention(deps, RETENTION_OPTIONS);
      const insertSession = handle.sqlite.prepare('insert into check_sessions (check_num, status, run_source, started_at, stopped_at, run_locations) values (?, ?, 0, ?, ?, null)');
      const insertResult = handle.sqlite.prepare(
        'insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms, response_time_ms, packets_sent, packets_received, min_us, avg_us, max_us, std_dev_us, detail_id) values (?, ?, ?, 0, ?, 1, ?, ?, ?, 10, ?, ?, ?, ?, ?, null)',
      );
      const insertHour = handle.sqlite.transaction((hourStart: number) => {
        let n = 0;
        for (const check of checks) {
          for (let slot = hourStart + (check.phaseMs % MINUTE); slot < hourStart + HOUR; slot += MINUTE) {
            const roll = (check.checkNum * 7919 + n++) % 100;
            const [status, flags, received] = roll === 0 ? [5, 1, 0] : roll === 1 ? [6, 4, 9] : [4, 0, 10];
            const avg = 40 + (roll % 30);
            const startedAt = slot + (roll % 7);
            const session = insertSession.run(check.checkNum, status, startedAt, startedAt + 9_050);
            insertResult.run(session.lastInsertRowid, check.checkNum, location, flags, startedAt, 9_050, Math.round(avg / 1000), received, avg - 20, avg, avg + 60, 12);
          }
        }
      });

      const rows: string[][] = [];
      const passMs: number[] = [];
      const perDay: { size: number; raw: number }[] = [];
      const reports: RetentionReport[] = [];
      const rollupTables = () => (handle.sqlite.prepare("select name from sqlite_master where type = 'table' and name like '%rollup%'").all() as { name: string }[]).map((r) => r.name);
      const count = (table: string) => (handle.sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
      for (let day = 1; day <= days; day++) {
        const dayPasses: number[] = [];
        for (let hour = 0; hour < 24; hour++) {
          const hourStart = start + ((day - 1) * 24 + hour) * HOUR;
          insertHour(hourStart);
          clock.set(hourStart + HOUR);
          const t0 = performance.now();
          const report = await service.runOnce();
          dayPasses.push(performance.now() - t0);
          reports.push(report);
          if (report.errors.length) throw new Error(`retention pass at ${new Date(report.at).toISOString()} failed: ${report.errors.join('; ')}`);
        }
        passMs.push(...dayPasses);
        handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
        const size = statSync(dbFile).size;
        const raw = count('check_results');
        const rollups = rollupTables().map((t) => `${t} ${fmt.int(count(t))}`).join(', ') || 'no rollup table';
        const freelist = handle.sqlite.pragma('freelist_count', { simple: true }) as number;
        perDay.push({ size, raw });
        rows.push([String(day), fmt.mb(size), fmt.int(raw), fmt.int(count('check_sessions')), rollups, fmt.int(freelist), `${fmt.fixed(dayPasses.reduce((a, b) => a + b, 0) / dayPasses.length, 0)} / ${fmt.fixed(Math.max(...dayPasses), 0)} ms`]);
        process.stdout.write(`  [retention] simulated day ${day}: ${fmt.mb(size)}, ${raw} raw results\n`);
      }
      const rawBound = monitors * 60 * (24 * RETENTION_OPTIONS.rawRetentionDays + 1);
      const longestBatchMs = Math.max(...reports.map((r) => r.longestBatchMs));
      const last = perDay[perDay.length - 1];
      const previous = perDay.length >= 2 ? perDay[perDay.length - 2] : null;
      const rawBounded = last.raw <= rawBound;
      const sizeFlat = previous ? last.size <= previous.size * 1.1 : null;
      return {
        rows: [
          { figure: 'monitors / simulated days', value: `${fmt.int(monitors)} / ${days}` },
          {
            figure: `database size after ${days} simulated days`,
            value: `${fmt.mb(last.size)} (day ${perDay.length - 1}: ${previous ? fmt.mb(previous.size) : 'n/a'})`,
            target: 'bounded: rollups + 1 day of raw',
            met: days >= 2 ? rawBounded && sizeFlat === true : null,
          },
          { figure: 'raw results kept at the end', value: `${fmt.int(last.raw)} (1 day + 1 hour = ${fmt.int(rawBound)})`, target: `≤ ${fmt.int(rawBound)}`, met: rawBounded },
          { figure: 'longest retention write transaction (what another writer could wait for)', value: fmt.ms(longestBatchMs) },
          { figure: 'retention pass per simulated hour (mean / max)', value: `${fmt.fixed(passMs.reduce((a, b) => a + b, 0) / passMs.length, 0)} / ${fmt.fixed(Math.max(...passMs), 0)} ms` },
        ],
        tables: [{ title: 'end of each simulated day (after wal_checkpoint(TRUNCATE))', header: ['day', 'db file', 'raw results', 'raw sessions', 'rollup rows', 'free pages', 'pass mean / max'], rows }],
        notes: [`startRetention options ${JSON.stringify(RETENTION_OPTIONS)}`, `last pass report: ${JSON.stringify({ ...reports[reports.length - 1], cutoffs: undefined })}`],
      };
    } finally {
      await service?.stop();
      handle.close();
      removeTempDir(dataDir);
    }
  },
};
