import type { Db } from '../../../db/connection';
import { MAINTENANCE_KEYS, readMaintenanceState, advanceMaintenanceState } from '../../../db/repositories/maintenance-state';
import { finalSamples, liveCheckNumsAfter, oldestResultAt, upsertRollups, type RollupRow, type RollupSample } from '../../../db/repositories/rollups';
import { yieldToEventLoop, type Batches } from './batches';
import { floorHour, HOUR_MS, hourStats, RECOMPUTE_HOURS, ROLLUP_GRACE_MS } from '../../retention';

/** Checks read per query: about one index range each, a few thousand results per slice. */
const CHECKS_PER_SLICE = 100;

export interface RollupReport {
  /** Hours (re)computed in this pass. */
  hours: number;
  /** Rollup rows written (one per check and hour with results). */
  rows: number;
  /** The first hour not rolled up yet, after this pass. */
  watermark: number | null;
}

/**
 * Rolls up every hour that closed (its end plus the grace period has passed) since the watermark,
 * recomputing the RECOMPUTE_HOURS before it so results that arrived late are counted. Runs only
 * when a new hour closed; upserts make a recomputed hour replace the stored one.
 */
export async function rollUpClosedHours(batches: Batches, db: Db, now: number, oldestHour: number): Promise<RollupReport> {
  const lastClosed = floorHour(now - HOUR_MS - ROLLUP_GRACE_MS);
  let watermark = await readMaintenanceState(db, MAINTENANCE_KEYS.rollupWatermark);
  const report: RollupReport = { hours: 0, rows: 0, watermark };
  if (watermark !== null && watermark > lastClosed) return report;

  const from = Math.max(oldestHour, watermark === null ? floorHour(await oldestResultAt(db) ?? lastClosed) : watermark - RECOMPUTE_HOURS * HOUR_MS);
  for (let hour = from; hour <= lastClosed; hour += HOUR_MS) {
    const rows = await rollUpHour(batches, db, hour);
    if (rows === null) return report;
    report.hours += 1;
    report.rows += rows;
    if (watermark === null || hour + HOUR_MS > watermark) {
      const next = hour + HOUR_MS;
      await batches.write((tx) => advanceMaintenanceState(tx, MAINTENANCE_KEYS.rollupWatermark, next, now));
      watermark = next;
      report.watermark = next;
    }
  }
  if (watermark === null || watermark <= lastClosed) {
    const next = lastClosed + HOUR_MS;
    await batches.write((tx) => advanceMaintenanceState(tx, MAINTENANCE_KEYS.rollupWatermark, next, now));
    report.watermark = next;
  }
  return report;
}

/** Rollup rows written for one hour, or null when stopped before the hour was complete. */
async function rollUpHour(batches: Batches, db: Db, hour: number): Promise<number | null> {
  let written = 0;
  for (let cursor = 0; ; ) {
    if (batches.stopped) return null;
    const checkNums = await liveCheckNumsAfter(db, cursor, CHECKS_PER_SLICE);
    if (checkNums.length === 0) return written;
    cursor = checkNums[checkNums.length - 1];
    // Read outside the write transaction: in WAL mode a read never blocks a writer.
    const rows = rollupsOf(await finalSamples(db, checkNums, hour, hour + HOUR_MS), hour);
    if (rows.length === 0) await yieldToEventLoop();
    else await batches.write((tx) => upsertRollups(tx, rows));
    written += rows.length;
  }
}

function rollupsOf(samples: readonly RollupSample[], hourStart: number): RollupRow[] {
  const byCheck = new Map<number, RollupSample[]>();
  for (const sample of samples) {
    const list = byCheck.get(sample[0]);
    if (list) list.push(sample);
    else byCheck.set(sample[0], [sample]);
  }
  return [...byCheck].map(([checkNum, list]) => ({ checkNum, hourStart, ...hourStats(list) }));
}
