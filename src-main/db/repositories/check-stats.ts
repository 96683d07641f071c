import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../prepared';
import { type Db, ready } from '../connection';
import { checkResults, checkRollups, resultDetails, perDialect } from '../tables';
import { finalResultsInWindow, measuredResponseUs } from './rollups';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';
import { allSql, get, getSql, onPostgres } from "../dialect";

const bits = (n: number) => sql.raw(String(n));
const HOUR_MS = 3_600_000;

/** A FINAL result's class in SQL, as services/retention/hour-stats.ts classifyRun decides it. */
export const RUN_CLASS = perDialect(() => sql<string>`(case
  when ${checkResults.flags} & ${bits(RESULT_FLAGS.skipped)} != 0 then 'skipped'
  when ${checkResults.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.timedOut)} != 0 then 'failed'
  when ${checkResults.flags} & ${bits(RESULT_FLAGS.isDegraded)} != 0 then 'degraded'
  when ${checkResults.flags} & ${bits(RESULT_FLAGS.isCancelled)} != 0 then 'cancelled'
  else 'passed' end)`);

export type VerdictClass = 'passed' | 'degraded' | 'failed';

const FINAL_IN = (checkNum: number, fromMs: number, toMs: number) =>
  sql`${checkResults.checkNum} = ${checkNum} and ${checkResults.startedAt} >= ${fromMs} and ${checkResults.startedAt} < ${toMs} and ${checkResults.resultType} = ${RESULT_TYPE_CODE.FINAL}`;

export interface FinalRun {
  id: number;
  startedAt: number;
  flags: number;
  location: number;
  responseUs: number | null;
  detailId: number | null;
}

/** A check's FINAL results that started in [fromMs, toMs), oldest first. */
export async function finalRunsOf(db: Db, checkNum: number, fromMs: number, toMs: number): Promise<FinalRun[]> {
  db = await ready(db);
  if (fromMs >= toMs) return [];
  // Camel-case aliases quoted: PostgreSQL folds unquoted ones to lower case.
  return await allSql(db, sql`select ${checkResults.id} as id, ${checkResults.startedAt} as "startedAt", ${checkResults.flags} as flags, ${checkResults.location} as location,
      ${measuredResponseUs()} as "responseUs", ${checkResults.detailId} as "detailId"
    from ${checkResults} where ${FINAL_IN(checkNum, fromMs, toMs)} order by ${checkResults.startedAt}`);
}

/** FINAL results of [fromMs, toMs) counted per location and flags value: a handful of rows however many runs. */
export async function countsByLocationAndFlags(db: Db, checkNum: number, fromMs: number, toMs: number): Promise<{ location: number; flags: number; n: number }[]> {
  db = await ready(db);
  if (fromMs >= toMs) return [];
  return await allSql(db, sql`select ${checkResults.location} as location, ${checkResults.flags} as flags, count(*) as n
    from ${checkResults} where ${FINAL_IN(checkNum, fromMs, toMs)} group by location, flags`);
}

/** Results (FINAL and ATTEMPT) of [fromMs, toMs), counted from the index alone: sizes a sample. */
export async function countResultsIndexed(db: Db, checkNum: number, fromMs: number, toMs: number): Promise<number> {
  db = await ready(db);
  if (fromMs >= toMs) return 0;
  return (await getSql<{ n: number }>(db, sql`select count(*) as n from ${checkResults}
    where ${checkResults.checkNum} = ${checkNum} and ${checkResults.startedAt} >= ${fromMs} and ${checkResults.startedAt} < ${toMs}`)).n;
}

/**
 * About one in `every` FINAL results of [fromMs, toMs), picked by a hash of the id, which the
 * index holds: unpicked rows are never read. (Ids alternate between the locations of a parallel
 * run, so `id % every` would pick one location only.)
 */
export async function sampledRuns(db: Db, checkNum: number, fromMs: number, toMs: number, every: number): Promise<{ location: number; flags: number; responseUs: number | null }[]> {
  db = await ready(db);
  if (fromMs >= toMs) return [];
  const picked = every <= 1 ? sql`true` : sql`((${checkResults.id} * 40503) >> 12) % ${Math.floor(every)} = 0`;
  return await allSql(db, sql`select ${checkResults.location} as location, ${checkResults.flags} as flags, ${measuredResponseUs()} as "responseUs"
    from ${checkResults} where ${FINAL_IN(checkNum, fromMs, toMs)} and ${picked}`);
}

/** When the oldest FINAL result in [fromMs, toMs) started (one step along the index). */
export async function firstFinalAt(db: Db, checkNum: number, fromMs: number, toMs: number): Promise<number | null> {
  db = await ready(db);
  const row = await getSql<{ at: number } | undefined>(db, sql`select ${checkResults.startedAt} as at from ${checkResults} where ${FINAL_IN(checkNum, fromMs, toMs)} order by ${checkResults.startedAt} limit 1`);
  return row?.at ?? null;
}

/** The `{kind, message}` error (JSON) of each result detail that has one. */
export async function errorsOfDetails(db: Db, detailIds: readonly number[]): Promise<Map<number, string>> {
  db = await ready(db);
  if (detailIds.length === 0) return new Map();
  // The body is text on both; PostgreSQL's #>> gives the `{kind, message}` object as JSON text, as json_extract does.
  const error = onPostgres() ? sql`(${resultDetails.body}::jsonb #>> '{error}')` : sql`json_extract(${resultDetails.body}, '$.error')`;
  const rows = await allSql<{ id: number; error: string | null }>(db, sql`select ${resultDetails.id} as id, ${error} as error from ${resultDetails}
      where ${resultDetails.id} in (${sql.join([...new Set(detailIds)].map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.filter((row) => row.error !== null).map((row) => [row.id, row.error as string]));
}

const OTHER_VERDICT = (kind: VerdictClass) => sql`${RUN_CLASS()} in ('passed', 'degraded', 'failed') and ${RUN_CLASS()} != ${sql.raw(`'${kind}'`)}`;

// The streak lookups run for every listed monitor on each Dashboard tick: prepared once per connection and verdict.

/** The newest FINAL run in [fromMs, toMs) with a verdict other than `kind` (walks the index backwards, stops at the first). */
export async function lastRunOtherThan(db: Db, checkNum: number, kind: VerdictClass, fromMs: number, toMs: number): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, `lastRunOtherThan:${kind}`, (d) =>
    d
      .select({ at: checkResults.startedAt })
      .from(checkResults)
      .where(and(finalResultsInWindow(), OTHER_VERDICT(kind)))
      .orderBy(desc(checkResults.startedAt))
      .limit(1)
      .prepare(),
  );
  return (await get(query, { checkNum, fromMs, toMs }))?.at ?? null;
}

/** The oldest FINAL run after `afterMs` whose verdict is `kind`. */
export async function firstRunOfAfter(db: Db, checkNum: number, kind: VerdictClass, afterMs: number): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, `firstRunOfAfter:${kind}`, (d) =>
    d
      .select({ at: checkResults.startedAt })
      .from(checkResults)
      .where(
        and(
          eq(checkResults.checkNum, sql.placeholder('checkNum')),
          gt(checkResults.startedAt, sql.placeholder('afterMs')),
          eq(checkResults.resultType, RESULT_TYPE_CODE.FINAL),
          sql`${RUN_CLASS()} = ${sql.raw(`'${kind}'`)}`,
        ),
      )
      .orderBy(asc(checkResults.startedAt))
      .limit(1)
      .prepare(),
  );
  return (await get(query, { checkNum, afterMs }))?.at ?? null;
}

const ROLLUP_OTHER = perDialect((): Record<VerdictClass, SQL> => ({
          passed: sql`${checkRollups.degraded} + ${checkRollups.failed} > 0`,
          degraded: sql`${checkRollups.passed} + ${checkRollups.failed} > 0`,
          failed: sql`${checkRollups.passed} + ${checkRollups.degraded} > 0`,
        }));

/** The newest rolled-up hour before `beforeHour` that holds a verdict other than `kind` (the rollups' primary key, backwards). */
export async function lastRollupHourOtherThan(db: Db, checkNum: number, kind: VerdictClass, beforeHour: number): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, `lastRollupHourOtherThan:${kind}`, (d) =>
    d
      .select({ at: checkRollups.hourStart })
      .from(checkRollups)
      .where(and(eq(checkRollups.checkNum, sql.placeholder('checkNum')), lt(checkRollups.hourStart, sql.placeholder('beforeHour')), ROLLUP_OTHER()[kind]))
      .orderBy(desc(checkRollups.hourStart))
      .limit(1)
      .prepare(),
  );
  return (await get(query, { checkNum, beforeHour }))?.at ?? null;
}

/**
 * When the check's oldest stored run started: its oldest raw FINAL result, unless the raw results
 * of older rolled-up hours were pruned, when only the oldest rolled-up hour's start is known. (A
 * rolled-up hour's start is not a run: a check first run at 05:56 was not running since 05:00.)
 */
export async function firstRunEverAt(db: Db, checkNum: number): Promise<number | null> {
  db = await ready(db);
  const row = await getSql<{ raw: number | null; rolled: number | null }>(db, sql`select
    (select ${checkResults.startedAt} from ${checkResults} where ${checkResults.checkNum} = ${checkNum} and ${checkResults.resultType} = ${RESULT_TYPE_CODE.FINAL}
      order by ${checkResults.startedAt} limit 1) as raw,
    (select min(${checkRollups.hourStart}) from ${checkRollups} where ${checkRollups.checkNum} = ${checkNum}) as rolled`);
  if (row.raw === null) return row.rolled;
  // Pruning drops whole hours, so a raw result inside (or before) the oldest rolled-up hour is the first run.
  if (row.rolled === null || row.raw < row.rolled + HOUR_MS) return row.raw;
  return row.rolled;
}
