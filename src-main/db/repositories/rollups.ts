import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkResults, checkRollups, checks, checkSchedule, perDialect } from '../tables';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';
import { all, get, getSql, run } from "../dialect";

export type RollupRow = typeof checkRollups.$inferSelect;

/** A FINAL result as the rollup sees it: [checkNum, flags, responseUs (measuredResponseUs), packetsSent, packetsReceived]. */
export type RollupSample = [number, number, number | null, number | null, number | null];

const FAILED_FLAGS = RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.timedOut;

/**
 * What a FINAL result measured, in µs: a ping's average round trip where replies came back (kept in
 * µs, so a loopback ping is 42 µs rather than a rounded 0 ms), else the response time; nothing for a
 * failed run that recorded 0 (executors write 0 when nothing was measured: no reply, a fault, a
 * time-out), so failures never read as 0 ms in percentiles or charts.
 */
export const measuredResponseUs = perDialect(() => sql<number | null>`(case
  when ${checkResults.flags} & ${sql.raw(String(FAILED_FLAGS))} != 0 and coalesce(${checkResults.responseTimeMs}, 0) = 0 and coalesce(${checkResults.avgUs}, 0) = 0 then null
  when ${checkResults.avgUs} is not null and ${checkResults.packetsReceived} > 0 then ${checkResults.avgUs}
  else ${checkResults.responseTimeMs} * 1000 end)`);

/** Check numbers of existing checks above `afterCheckNum`, ascending (a deleted check's row is skipped). */
export async function liveCheckNumsAfter(db: Db, afterCheckNum: number, limit: number): Promise<number[]> {
  db = await ready(db);
  return (await all(db
      .select({ checkNum: checkSchedule.checkNum })
      .from(checkSchedule)
      .innerJoin(checks, eq(checks.id, checkSchedule.checkId))
      .where(sql`${checkSchedule.checkNum} > ${afterCheckNum}`)
      .orderBy(asc(checkSchedule.checkNum))
      .limit(limit)))
    .map((r) => r.checkNum);
}

/** FINAL results of the given checks that started in [fromMs, toMs), one index range per check. */
export async function finalSamples(db: Db, checkNums: readonly number[], fromMs: number, toMs: number): Promise<RollupSample[]> {
  db = await ready(db);
  if (checkNums.length === 0) return [];
  return (await all(db
      .select({
        checkNum: checkResults.checkNum,
        flags: checkResults.flags,
        responseUs: measuredResponseUs(),
        packetsSent: checkResults.packetsSent,
        packetsReceived: checkResults.packetsReceived,
      })
      .from(checkResults)
      .where(
        and(inArray(checkResults.checkNum, [...checkNums]), gte(checkResults.startedAt, fromMs), lt(checkResults.startedAt, toMs), eq(checkResults.resultType, RESULT_TYPE_CODE.FINAL)),
      )))
    .map((r) => [r.checkNum, r.flags, r.responseUs, r.packetsSent, r.packetsReceived]);
}

/** For a prepared query: FINAL results of the check `checkNum` started in [`fromMs`, `toMs`) (placeholders). */
export function finalResultsInWindow(): SQL | undefined {
  return and(
    eq(checkResults.checkNum, sql.placeholder('checkNum')),
    gte(checkResults.startedAt, sql.placeholder('fromMs')),
    lt(checkResults.startedAt, sql.placeholder('toMs')),
    eq(checkResults.resultType, RESULT_TYPE_CODE.FINAL),
  );
}

/** FINAL results of one check in [fromMs, toMs), counted per distinct flags value (a handful of groups). */
export async function finalCountsByFlags(db: Db, checkNum: number, fromMs: number, toMs: number): Promise<{ flags: number; n: number }[]> {
  db = await ready(db);
  if (fromMs >= toMs) return [];
  // Prepared once: the Monitors list asks this for every row of a page (uptimeOf), twice each.
  return await all(prepared(db, 'finalCountsByFlags', (d) =>
      d
        .select({ flags: checkResults.flags, n: sql<number>`count(*)` })
        .from(checkResults)
        .where(finalResultsInWindow())
        .groupBy(checkResults.flags)
        .prepare(),
    ), { checkNum, fromMs, toMs });
}

/** The start of the oldest result of an existing check, found through each check's index (no table scan). */
export async function oldestResultAt(db: Db): Promise<number | null> {
  db = await ready(db);
  const row = await getSql<{ at: number | null }>(db, sql`select min((select min(r.started_at) from ${checkResults} r where r.check_num = s.check_num)) as at
    from ${checkSchedule} s where s.check_id is not null`);
  return row.at ?? null;
}

/** Idempotent: a recomputed hour replaces the stored one. */
export async function upsertRollups(db: Db, rows: readonly RollupRow[]): Promise<void> {
  db = await ready(db);
  if (rows.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await run(db.insert(checkRollups)
        .values([...rows])
        .onConflictDoUpdate({
          target: [checkRollups.checkNum, checkRollups.hourStart],
          set: {
            runs: excluded('runs'),
            passed: excluded('passed'),
            degraded: excluded('degraded'),
            failed: excluded('failed'),
            skipped: excluded('skipped'),
            timedRuns: excluded('timed_runs'),
            responseMinUs: excluded('response_min_us'),
            responseAvgUs: excluded('response_avg_us'),
            responseMaxUs: excluded('response_max_us'),
            responseP50Us: excluded('response_p50_us'),
            responseP95Us: excluded('response_p95_us'),
            responseP99Us: excluded('response_p99_us'),
            packetsSent: excluded('packets_sent'),
            packetsReceived: excluded('packets_received'),
          },
        }));
}

/** A check's hourly rollups with hour_start in [fromHour, toHour), oldest first. */
export async function listRollups(db: Db, checkNum: number, fromHour: number, toHour: number): Promise<RollupRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(checkRollups)
      .where(and(eq(checkRollups.checkNum, checkNum), gte(checkRollups.hourStart, fromHour), lt(checkRollups.hourStart, toHour)))
      .orderBy(asc(checkRollups.hourStart)));
}

export interface RollupTotals {
  runs: number;
  passed: number;
  degraded: number;
  failed: number;
  skipped: number;
}

/** The counts of a check's rollups with hour_start in [fromHour, toHour). */
export async function sumRollups(db: Db, checkNum: number, fromHour: number, toHour: number): Promise<RollupTotals> {
  db = await ready(db);
  const row = await get(prepared(db, 'sumRollups', (d) =>
      d
        .select({
          runs: sql<number>`coalesce(sum(${checkRollups.runs}), 0)`,
          passed: sql<number>`coalesce(sum(${checkRollups.passed}), 0)`,
          degraded: sql<number>`coalesce(sum(${checkRollups.degraded}), 0)`,
          failed: sql<number>`coalesce(sum(${checkRollups.failed}), 0)`,
          skipped: sql<number>`coalesce(sum(${checkRollups.skipped}), 0)`,
        })
        .from(checkRollups)
        .where(and(eq(checkRollups.checkNum, sql.placeholder('checkNum')), gte(checkRollups.hourStart, sql.placeholder('fromHour')), lt(checkRollups.hourStart, sql.placeholder('toHour'))))
        .prepare(),
    ), { checkNum, fromHour, toHour });
  return row ?? { runs: 0, passed: 0, degraded: 0, failed: 0, skipped: 0 };
}

/** An existing check and its check_num (null when it never ran); undefined when there is no such check. */
export async function findCheckNumOf(db: Db, checkId: string, accountId?: string): Promise<{ checkNum: number | null; createdAt: string } | undefined> {
  db = await ready(db);
  const select = (d: Db) => d.select({ checkNum: checkSchedule.checkNum, createdAt: checks.createdAt }).from(checks).leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id));
  if (accountId === undefined) return await get(prepared(db, 'findCheckNumOf', (d) => select(d).where(eq(checks.id, sql.placeholder('checkId'))).prepare()), { checkId });
  return await get(prepared(db, 'findCheckNumOfAccount', (d) =>
      select(d)
        .where(and(eq(checks.id, sql.placeholder('checkId')), eq(checks.accountId, sql.placeholder('accountId'))))
        .prepare(),
    ), { checkId, accountId });
}
