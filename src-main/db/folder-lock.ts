import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface HeldFolderLock {
  release(): void;
}

/**
 * Takes an exclusive lock on `lockPath`, a small SQLite file, and holds it until release() or
 * the end of the process; null when another process (or another holder in this one) has it.
 *
 * SQLite locks with fcntl (POSIX) or LockFileEx (Windows), which the OS drops when the process
 * dies, so a SIGKILL leaves no stale lock. `locking_mode=EXCLUSIVE` keeps the write lock of the
 * first write after its commit; SQLite also tracks locks per file inside one process, so two
 * holders in one process refuse each other too. Never open this file with node:fs while it is
 * held: closing any other descriptor of it would drop the process's POSIX locks.
 */
export function takeFolderLock(lockPath: string, nativeBinding?: string): HeldFolderLock | null {
  const sqlite = openLockFile(lockPath, nativeBinding);
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('CREATE TABLE IF NOT EXISTS holder (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER NOT NULL, taken_at TEXT NOT NULL)');
    sqlite.prepare('INSERT OR REPLACE INTO holder (id, pid, taken_at) VALUES (1, ?, ?)').run(process.pid, new Date().toISOString());
  } catch (error) {
    sqlite.close();
    if (isBusy(error)) return null;
    // Only a file that is not SQLite gets here (a held one answers busy before its header is read).
    throw new Error(`The lock file ${lockPath} cannot be used (${(error as Error).message}): no process holds it; delete it and start again`, { cause: error });
  }
  return {
    release() {
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * Whether another connection, in this process or another, has the SQLite database at `dbPath`
 * open; false when there is no such file. A connection to a WAL database holds a SHARED lock on the
 * database file itself for as long as it is open, so asking for an EXCLUSIVE one answers busy until
 * the last connection is closed (or its process is gone). Unlike a lock file, the database file
 * cannot be deleted without deleting the data, so this holds when `<name>.lock` was removed.
 */
export function databaseInUse(dbPath: string, nativeBinding?: string): boolean {
  if (!existsSync(dbPath)) return false;
  const sqlite = new Database(dbPath, { timeout: 0, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('COMMIT');
    return false;
  } catch (error) {
    if (isBusy(error)) return true;
    throw error;
  } finally {
    sqlite.close();
  }
}

function openLockFile(lockPath: string, nativeBinding?: string): Database.Database {
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of after a wait.
  return new Database(lockPath, { timeout: 0, ...(nativeBinding ? { nativeBinding } : {}) });
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
