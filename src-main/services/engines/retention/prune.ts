import type { Db } from '../../../db/connection';
import { MAINTENANCE_KEYS, readMaintenanceState, advanceMaintenanceState } from '../../../db/repositories/maintenance-state';
import { checkNumsAfter, deleteCheckAlertsBefore, deleteDetailsUnusedSince, deleteFinalNotificationsBefore, deleteResultsBefore, deleteRollupsBefore, deleteSessionsBefore, freePages, reclaimsFreePages, vacuumPages } from '../../../db/repositories/retention';
import { deleteExpiredUnconfirmed } from '../../../db/repositories/status-page-subscribers';
import { CONFIRMATION_TTL_MS } from '../../status-pages';
import { deletePerCheck, deleteUntilDone, type Batches } from './batches';
import { HOUR_MS, RECOMPUTE_HOURS, UNFINISHED_SESSION_GRACE_MS, type Cutoffs } from '../../retention';

export interface PruneReport {
  results: number;
  sessions: number;
  details: number;
  checkAlerts: number;
  notifications: number;
  rollups: number;
  /** Status page subscriptions never confirmed in time (their links expired with them). */
  unconfirmedSubscribers: number;
  /** The cutoff raw results and sessions were pruned to (null while nothing is rolled up yet). */
  rawCutoff: number | null;
}

/**
 * Deletes what is past its retention, in batches. Raw rows go only once they are rolled up and are
 * outside the hours a rollup pass recomputes, so no rollup ever counts a partly pruned hour.
 */
export async function pruneExpired(batches: Batches, db: Db, cutoffs: Cutoffs, now: number, batchSize: number): Promise<PruneReport> {
  const watermark = await readMaintenanceState(db, MAINTENANCE_KEYS.rollupWatermark);
  const raw = watermark === null ? null : Math.min(cutoffs.raw, watermark - RECOMPUTE_HOURS * HOUR_MS);
  const report: PruneReport = { results: 0, sessions: 0, details: 0, checkAlerts: 0, notifications: 0, rollups: 0, unconfirmedSubscribers: 0, rawCutoff: raw };
  const nums = (cursor: number, limit: number) => checkNumsAfter(db, cursor, limit);

  // The cutoffs are hour starts: walking every check's index happens once an hour, not every pass.
  if (raw !== null && raw > (await readMaintenanceState(db, MAINTENANCE_KEYS.rawPrunedTo) ?? -Infinity)) {
    const results = await deletePerCheck(batches, nums, batchSize, (tx, checkNum, limit) => deleteResultsBefore(tx, checkNum, raw, limit));
    report.results = results ?? 0;
    const sessions = await deletePerCheck(batches, nums, batchSize, async (tx, checkNum, limit) =>
      await deleteSessionsBefore(tx, checkNum, raw, raw - UNFINISHED_SESSION_GRACE_MS, limit),
    );
    report.sessions = sessions ?? 0;
    if (results === null || sessions === null) return report;
    await batches.write((tx) => advanceMaintenanceState(tx, MAINTENANCE_KEYS.rawPrunedTo, raw, now));
  }
  // A detail marked used in hour H may be referenced by a result that started before H + 1 h.
  if (raw !== null) report.details = (await deleteUntilDone(batches, batchSize, (tx, limit) => deleteDetailsUnusedSince(tx, raw - HOUR_MS, limit))) ?? 0;
  report.checkAlerts = (await deleteUntilDone(batches, batchSize, (tx, limit) => deleteCheckAlertsBefore(tx, cutoffs.notifications, limit))) ?? 0;
  report.notifications = (await deleteUntilDone(batches, batchSize, (tx, limit) => deleteFinalNotificationsBefore(tx, cutoffs.notifications, limit))) ?? 0;
  const unconfirmedUpTo = new Date(now - CONFIRMATION_TTL_MS).toISOString();
  report.unconfirmedSubscribers = (await deleteUntilDone(batches, batchSize, (tx, limit) => deleteExpiredUnconfirmed(tx, unconfirmedUpTo, limit))) ?? 0;

  if (cutoffs.rollups > (await readMaintenanceState(db, MAINTENANCE_KEYS.rollupsPrunedTo) ?? -Infinity)) {
    const rollups = await deletePerCheck(batches, nums, batchSize, (tx, checkNum, limit) => deleteRollupsBefore(tx, checkNum, cutoffs.rollups, limit));
    report.rollups = rollups ?? 0;
    if (rollups !== null) await batches.write((tx) => advanceMaintenanceState(tx, MAINTENANCE_KEYS.rollupsPrunedTo, cutoffs.rollups, now));
  }
  return report;
}

/** Gives free pages back to the file system a few hundred at a time (each step holds the write lock). Returns the pages freed. */
export async function vacuumFreePages(batches: Batches, db: Db, pagesPerStep: number): Promise<number> {
  // PostgreSQL: autovacuum gives the space back; there is no free list to step through.
  if (!reclaimsFreePages()) return 0;
  const before = await freePages(db);
  let left = before;
  while (left > 0 && !batches.stopped) {
    await batches.timed(() => vacuumPages(db, Math.min(left, pagesPerStep)));
    const now = await freePages(db);
    // Another connection may be holding pages; stop rather than spin.
    if (now >= left) break;
    left = now;
  }
  return before - left;
}
