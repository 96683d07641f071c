import { join } from 'node:path';
import { DB_FILE_NAME } from './file-names';
import { databaseInUse } from './folder-lock';
import { takeProcessLock, type ProcessLock } from './process-lock';

/** The lock's file names in the data folder: sightline.lock and sightline.lock-holder.json. */
export const DATA_DIR_LOCK_NAME = 'sightline';

/**
 * One process per data folder: two schedulers on one database would run every check and send
 * every alert twice. Throws LockHeldError naming the folder and the process that has it.
 *
 * Two locks: `sightline.lock` answers at once and names the holder; the database file, which a
 * running holder keeps open, is asked too, so deleting the lock file does not let a second process
 * in (DECISIONS.md, "Issue 29").
 */
export function lockDataDir(dataDir: string, command: string, nativeBinding?: string): ProcessLock {
  return takeProcessLock({
    folder: dataDir,
    name: DATA_DIR_LOCK_NAME,
    command,
    nativeBinding,
    heldElsewhere: () => databaseInUse(join(dataDir, DB_FILE_NAME), nativeBinding),
    heldElsewhereBy: `a process that has its database ${DB_FILE_NAME} open (its lock file was deleted, or another program has the database open)`,
    refusal: (holder) =>
      `The data folder ${dataDir} is in use by another Sightline process: ${holder}.\n` +
      'Only one process may use a data folder: stop that one first, or start this one with another --data-dir.',
  });
}
