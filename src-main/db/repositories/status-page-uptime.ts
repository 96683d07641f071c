import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { checkResults, checkRollups } from '../tables';
import { RESULT_TYPE_CODE } from './runs-results';
import { allSql } from "../dialect";

export const DAY_MS = 86_400_000;

export interface DailyRollup {
  checkNum: number;
  /** UTC day number: epoch ms / DAY_MS, floored. */
  day: number;
  passed: number;
  degraded: number;
  failed: number;
}

export interface DailyFlags {
  checkNum: number;
  day: number;
  flags: number;
  n: number;
}

// Inlined: a bound number is a REAL to SQLite, and the division must be an integer one.
const PER_DAY = sql.raw(String(DAY_MS));

const numbers = (checkNums: readonly number[]) =>
  sql.join(
    checkNums.map((n) => sql`${n}`),
    sql`, `,
  );

/** Rolled-up counts of the checks per UTC day, for hours in [fromHour, toHour). */
export async function dailyRollupCounts(db: Db, checkNums: readonly number[], fromHour: number, toHour: number): Promise<DailyRollup[]> {
  db = await ready(db);
  if (checkNums.length === 0 || fromHour >= toHour) return [];
  return await allSql<DailyRollup>(db, sql`select ${checkRollups.checkNum} as "checkNum", ${checkRollups.hourStart} / ${PER_DAY} as day,
      sum(${checkRollups.passed}) as passed, sum(${checkRollups.degraded}) as degraded, sum(${checkRollups.failed}) as failed
    from ${checkRollups}
    where ${checkRollups.checkNum} in (${numbers(checkNums)}) and ${checkRollups.hourStart} >= ${fromHour} and ${checkRollups.hourStart} < ${toHour}
    group by 1, 2`);
}

/** FINAL results of the checks that started in [fromMs, toMs), counted per UTC day and distinct flags value. */
export async function dailyFinalCounts(db: Db, checkNums: readonly number[], fromMs: number, toMs: number): Promise<DailyFlags[]> {
  db = await ready(db);
  if (checkNums.length === 0 || fromMs >= toMs) return [];
  return await allSql<DailyFlags>(db, sql`select ${checkResults.checkNum} as "checkNum", ${checkResults.startedAt} / ${PER_DAY} as day, ${checkResults.flags} as flags, count(*) as n
    from ${checkResults}
    where ${checkResults.checkNum} in (${numbers(checkNums)}) and ${checkResults.startedAt} >= ${fromMs} and ${checkResults.startedAt} < ${toMs}
      and ${checkResults.resultType} = ${RESULT_TYPE_CODE.FINAL}
    group by 1, 2, 3`);
}
