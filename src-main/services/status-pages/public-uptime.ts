import type { Db } from '../../db/connection';
import { MAINTENANCE_KEYS, readMaintenanceState } from '../../db/repositories/maintenance-state';
import { DAY_MS, dailyFinalCounts, dailyRollupCounts } from '../../db/repositories/status-page-uptime';
import { classifyRun, floorHour } from '../retention';

/** How many UTC days a public page shows bars for, today included. */
export const UPTIME_DAYS = 90;

export interface Verdicts {
  passed: number;
  degraded: number;
  failed: number;
}

/** (passed + degraded) / all verdicts × 100, as uptimeOf() counts it; null without any verdict. */
export function uptimePercent(v: Verdicts): number | null {
  const all = v.passed + v.degraded + v.failed;
  return all === 0 ? null : ((v.passed + v.degraded) / all) * 100;
}

export function addVerdicts(into: Verdicts, more: Verdicts): void {
  into.passed += more.passed;
  into.degraded += more.degraded;
  into.failed += more.failed;
}

export interface UptimeWindow {
  /** UTC day number (epoch ms / DAY_MS) of the first bar. */
  firstDay: number;
  /** Epoch ms: the window is [firstDay × DAY_MS, toMs). */
  toMs: number;
}

export function uptimeWindow(nowMs: number): UptimeWindow {
  return { firstDay: Math.floor(nowMs / DAY_MS) - (UPTIME_DAYS - 1), toMs: nowMs };
}

const emptyDays = (): Verdicts[] => Array.from({ length: UPTIME_DAYS }, () => ({ passed: 0, degraded: 0, failed: 0 }));

/**
 * Verdicts per check and UTC day over the window, split like uptimeOf(): hours the rollup worker
 * has closed come from check_rollups, the rest from the raw FINAL results; one query each for all
 * checks. Skipped and cancelled runs are no verdict.
 */
export async function dailyVerdicts(db: Db, checkNums: readonly number[], window: UptimeWindow): Promise<Map<number, Verdicts[]>> {
  const result = new Map<number, Verdicts[]>(checkNums.map((n) => [n, emptyDays()]));
  if (checkNums.length === 0) return result;
  const fromMs = window.firstDay * DAY_MS;
  const watermark = await readMaintenanceState(db, MAINTENANCE_KEYS.rollupWatermark) ?? -Infinity;
  const rolledTo = Math.min(floorHour(window.toMs), watermark);
  const rawFrom = fromMs < rolledTo ? rolledTo : fromMs;
  const slot = (checkNum: number, day: number) => result.get(checkNum)?.[day - window.firstDay];
  if (fromMs < rolledTo) {
    for (const row of await dailyRollupCounts(db, checkNums, fromMs, rolledTo)) {
      const day = slot(row.checkNum, row.day);
      if (day) addVerdicts(day, row);
    }
  }
  for (const row of await dailyFinalCounts(db, checkNums, rawFrom, window.toMs)) {
    const day = slot(row.checkNum, row.day);
    const kind = classifyRun(row.flags);
    if (day && (kind === 'passed' || kind === 'degraded' || kind === 'failed')) day[kind] += row.n;
  }
  return result;
}

/** "2026-05-01" for a UTC day number. */
export function dayDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
