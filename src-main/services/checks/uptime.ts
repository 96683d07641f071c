import { AppError } from '../../core/errors';
import { MAINTENANCE_KEYS, readMaintenanceState } from '../../db/repositories/maintenance-state';
import { finalCountsByFlags, findCheckNumOf, sumRollups, type RollupTotals } from '../../db/repositories/rollups';
import type { ServiceDeps } from '../context';
import { ceilHour, classifyRun, floorHour } from '../retention';

export interface Uptime extends RollupTotals {
  /** FINAL results that were cancelled without a verdict (user cancel, shutdown, lost agent); in `runs`. */
  cancelled: number;
  /** (passed + degraded) / (passed + degraded + failed) × 100; null without any verdict. */
  uptimePercent: number | null;
}

/**
 * A check's uptime in [fromMs, toMs): whole hours the rollup worker has closed come from
 * check_rollups, the rest (the still-open hours, partial edge hours) from the raw results. Pass a
 * ServiceContext to limit it to that account's checks.
 */
export async function uptimeOf(deps: Pick<ServiceDeps, 'db'> & { accountId?: string }, checkId: string, fromMs: number, toMs: number): Promise<Uptime> {
  const found = await findCheckNumOf(deps.db, checkId, deps.accountId);
  if (!found) throw AppError.notFound();
  const totals = { runs: 0, passed: 0, degraded: 0, failed: 0, skipped: 0, cancelled: 0 };
  const { checkNum } = found;
  if (checkNum !== null && fromMs < toMs) {
    const watermark = await readMaintenanceState(deps.db, MAINTENANCE_KEYS.rollupWatermark) ?? -Infinity;
    const rolledFrom = ceilHour(fromMs);
    const rolledTo = Math.min(floorHour(toMs), watermark);
    const raw: [number, number][] = rolledFrom < rolledTo ? [[fromMs, rolledFrom], [rolledTo, toMs]] : [[fromMs, toMs]];
    if (rolledFrom < rolledTo) {
      const rolled = await sumRollups(deps.db, checkNum, rolledFrom, rolledTo);
      for (const key of ['runs', 'passed', 'degraded', 'failed', 'skipped'] as const) totals[key] += rolled[key];
    }
    for (const [from, to] of raw) {
      for (const { flags, n } of await finalCountsByFlags(deps.db, checkNum, from, to)) {
        totals.runs += n;
        totals[classifyRun(flags)] += n;
      }
    }
    // Rollups do not store cancelled runs: they are the runs no other count holds.
    totals.cancelled = totals.runs - totals.passed - totals.degraded - totals.failed - totals.skipped;
  }
  const verdicts = totals.passed + totals.degraded + totals.failed;
  return { ...totals, uptimePercent: verdicts === 0 ? null : ((totals.passed + totals.degraded) / verdicts) * 100 };
}
