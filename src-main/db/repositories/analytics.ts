import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { checkResults, checkRollups, checks, checkSchedule } from '../tables';
import { measuredResponseUs } from './rollups';
import { RESULT_TYPE_CODE } from './runs-results';
import { all } from "../dialect";

/** One closed hour of a check, as the statistics read it. */
export interface RollupHour {
  runs: number;
  passed: number;
  degraded: number;
  failed: number;
  skipped: number;
  timedRuns: number;
  responseAvgUs: number | null;
  responseP50Us: number | null;
  responseP95Us: number | null;
  responseP99Us: number | null;
  packetsSent: number;
  packetsReceived: number;
}

/** The rollups of one check with hour_start in [fromHour, toHour), oldest first. */
export async function rollupHours(db: Db, checkNum: number, fromHour: number, toHour: number): Promise<RollupHour[]> {
  db = await ready(db);
  if (fromHour >= toHour) return [];
  return await all(db
      .select({
        runs: checkRollups.runs,
        passed: checkRollups.passed,
        degraded: checkRollups.degraded,
        failed: checkRollups.failed,
        skipped: checkRollups.skipped,
        timedRuns: checkRollups.timedRuns,
        responseAvgUs: checkRollups.responseAvgUs,
        responseP50Us: checkRollups.responseP50Us,
        responseP95Us: checkRollups.responseP95Us,
        responseP99Us: checkRollups.responseP99Us,
        packetsSent: checkRollups.packetsSent,
        packetsReceived: checkRollups.packetsReceived,
      })
      .from(checkRollups)
      .where(and(eq(checkRollups.checkNum, checkNum), gte(checkRollups.hourStart, fromHour), lt(checkRollups.hourStart, toHour)))
      .orderBy(asc(checkRollups.hourStart)));
}

export interface AnalyticsCheckRow {
  id: string;
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  tags: string[];
  body: Record<string, unknown>;
  checkNum: number | null;
}

/** The account's checks among `ids` with their check_num (null when never scheduled). */
export async function analyticsChecks(db: Db, accountId: string, ids: readonly string[]): Promise<AnalyticsCheckRow[]> {
  db = await ready(db);
  if (ids.length === 0) return [];
  return await all(db
      .select({
        id: checks.id,
        name: checks.name,
        checkType: checks.checkType,
        activated: checks.activated,
        muted: checks.muted,
        tags: checks.tags,
        body: checks.body,
        checkNum: checkSchedule.checkNum,
      })
      .from(checks)
      .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .where(and(eq(checks.accountId, accountId), inArray(checks.id, [...ids]))));
}

/** A FINAL result as grouped statistics read it: [location code, flags, responseUs (measuredResponseUs), packetsSent, packetsReceived, detail id]. */
export type LocatedSample = [number, number, number | null, number | null, number | null, number | null];

/** FINAL results of one check that started in [fromMs, toMs), with their run location. */
export async function finalSamplesWithLocation(db: Db, checkNum: number, fromMs: number, toMs: number): Promise<LocatedSample[]> {
  db = await ready(db);
  if (fromMs >= toMs) return [];
  return (await all(db
      .select({
        location: checkResults.location,
        flags: checkResults.flags,
        responseUs: measuredResponseUs(),
        packetsSent: checkResults.packetsSent,
        packetsReceived: checkResults.packetsReceived,
        detailId: checkResults.detailId,
      })
      .from(checkResults)
      .where(and(eq(checkResults.checkNum, checkNum), gte(checkResults.startedAt, fromMs), lt(checkResults.startedAt, toMs), eq(checkResults.resultType, RESULT_TYPE_CODE.FINAL)))))
    .map((r) => [r.location, r.flags, r.responseUs, r.packetsSent, r.packetsReceived, r.detailId]);
}
