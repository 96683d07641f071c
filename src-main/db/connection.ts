import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;

export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export interface OpenDbOptions {
  dataDir: string;
  migrationsDir: string;
  /** Electron passes its own build of the native module (see README "Electron and better-sqlite3"). */
  nativeBinding?: string;
}

export const DB_FILE_NAME = 'sightline.db';

/** Opens (creating if needed) the data dir's database in WAL mode and applies the committed migrations. */
export function openDb(options: OpenDbOptions): DbHandle {
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new Database(join(options.dataDir, DB_FILE_NAME), options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: options.migrationsDir });
  return {
    db,
    sqlite,
    close() {
      if (sqlite.open) sqlite.close();
    },
  };
}

/** A synchronous transaction: no await and no network I/O inside (STYLE.md habit 4). */
export function transaction<T>(db: Db, work: (tx: Db) => T): T {
  return db.transaction((tx) => work(tx as unknown as Db), { behavior: 'immediate' });
}
