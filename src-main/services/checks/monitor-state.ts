import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { firstRunEverAt, firstRunOfAfter, lastRollupHourOtherThan, lastRunOtherThan, type VerdictClass } from '../../db/repositories/check-stats';
import { findCheckHealth } from '../../db/repositories/dashboard';
import { MAINTENANCE_KEYS, readMaintenanceState } from '../../db/repositories/maintenance-state';
import type { MonitorHealthState, MonitorState } from '../../../src-shared/schemas/monitor-stats';
import type { ServiceContext } from '../context';
import { HOUR_MS } from '../retention';

/** Without a rollup watermark (the worker never ran) the raw results are searched this far back. */
const UNROLLED_LOOKBACK_MS = 48 * HOUR_MS;

const VERDICT_OF: Partial<Record<MonitorHealthState, VerdictClass>> = { passing: 'passed', degraded: 'degraded', failing: 'failed' };

/**
 * When the check's current streak of `kind` verdicts began: the first run after the newest run
 * with another verdict. Only the raw results not yet rolled up are walked (newest first); older
 * history is found through the hourly rollups, then that hour's raw results. Skipped and
 * cancelled runs are no verdict and do not end a streak. Null when the check has no runs.
 */
export async function streakStart(db: Db, checkNum: number, kind: VerdictClass, now: number): Promise<number | null> {
  const watermark = await readMaintenanceState(db, MAINTENANCE_KEYS.rollupWatermark);
  // The hour before the watermark is walked too: the rollup worker recomputes it for late results.
  const rawFrom = watermark === null ? now - UNROLLED_LOOKBACK_MS : watermark - HOUR_MS;
  const recent = await lastRunOtherThan(db, checkNum, kind, rawFrom, Number.MAX_SAFE_INTEGER);
  if (recent !== null) return await firstRunOfAfter(db, checkNum, kind, recent);
  const hour = await lastRollupHourOtherThan(db, checkNum, kind, rawFrom);
  if (hour === null) return await firstRunEverAt(db, checkNum);
  const inHour = await lastRunOtherThan(db, checkNum, kind, hour, hour + HOUR_MS);
  // That hour's raw results may be pruned already: the streak began at the latest when the hour ended.
  if (inHour === null) return hour + HOUR_MS;
  return await firstRunOfAfter(db, checkNum, kind, inHour);
}

/** A run may be recorded this long after it started (retries, slow runs): a cached streak is re-checked this far back. */
const LATE_RESULT_MS = 5 * 60_000;

/**
 * Streak starts of a few checks kept between Dashboard ticks: a cached start holds while no run
 * with another verdict arrived since it was last confirmed, which is one short index walk.
 */
export class StreakCache {
  private readonly entries = new Map<number, { kind: VerdictClass; since: number | null; checkedAt: number }>();

  async since(db: Db, checkNum: number, kind: VerdictClass, now: number): Promise<number | null> {
    const cached = this.entries.get(checkNum);
    if (cached && cached.kind === kind && await lastRunOtherThan(db, checkNum, kind, cached.checkedAt - LATE_RESULT_MS, Number.MAX_SAFE_INTEGER) === null) {
      cached.checkedAt = now;
      return cached.since;
    }
    const since = await streakStart(db, checkNum, kind, now);
    this.entries.set(checkNum, { kind, since, checkedAt: now });
    return since;
  }

  /** Forgets the checks not in `checkNums` (no longer listed). */
  keepOnly(checkNums: ReadonlySet<number>): void {
    for (const checkNum of this.entries.keys()) if (!checkNums.has(checkNum)) this.entries.delete(checkNum);
  }
}

/** The check's health (the console's rule), since when it holds it, and its last run. */
export async function monitorState(ctx: ServiceContext, checkId: string): Promise<MonitorState> {
  const row = await findCheckHealth(ctx.db, ctx.accountId, checkId);
  if (!row) throw AppError.notFound();
  const health = row.health as MonitorHealthState;
  const kind = VERDICT_OF[health];
  const since = kind && row.checkNum !== null ? await streakStart(ctx.db, row.checkNum, kind, ctx.clock.now().getTime()) : null;
  return { health, since, lastRunAt: row.lastRunAt, flapping: row.flapping === 1 };
}
