import type { Db } from '../../../db/connection';
import { deleteResultsBefore, deleteRollupsBefore, deleteSessionsBefore, deletedCheckNums, dropDeletedSchedule } from '../../../db/repositories/retention';
import { deleteUntilDone, type Batches } from './batches';

export interface PurgeReport {
  /** Deleted checks whose rows are now all gone. */
  checks: number;
  /** Results, sessions, rollups and status rows deleted. */
  rows: number;
}

const ALL = Number.MAX_SAFE_INTEGER;

/**
 * Deleting a check only sets its schedule row's check_id NULL; this removes that check_num's results,
 * sessions and rollups oldest first, a batch per transaction, and finally the schedule row itself.
 */
export async function purgeDeletedChecks(batches: Batches, db: Db, batchSize: number): Promise<PurgeReport> {
  const report: PurgeReport = { checks: 0, rows: 0 };
  for (const checkNum of await deletedCheckNums(db)) {
    const steps = [
      (tx: Db, limit: number) => deleteResultsBefore(tx, checkNum, ALL, limit),
      (tx: Db, limit: number) => deleteSessionsBefore(tx, checkNum, ALL, ALL, limit),
      (tx: Db, limit: number) => deleteRollupsBefore(tx, checkNum, ALL, limit),
    ];
    for (const step of steps) {
      const deleted = await deleteUntilDone(batches, batchSize, step);
      if (deleted === null) return report;
      report.rows += deleted;
    }
    report.rows += await batches.write((tx) => dropDeletedSchedule(tx, checkNum));
    report.checks += 1;
  }
  return report;
}
