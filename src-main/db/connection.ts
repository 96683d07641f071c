import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { DB_FILE_NAME } from './file-names';
import { registerMailboxFunction } from './mailbox-function';
import { registerFoldFunction } from './name-fold';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { enterDialect, leaveDialect } from './dialect';
import { isPgDb, pgAfterCommit, pgReady, pgTransaction } from './connection-pg';
import * as schema from './schema';

import type { Db } from './db-type';

export type { Db };

export interface DbHandle {
  db: Db;
  /** Which engine holds the data: SQLite in the data folder, or team mode's PostgreSQL. */
  dialect: 'sqlite' | 'postgres';
  /** The SQLite connection (tests and tools that read the file directly); throws on PostgreSQL. */
  sqlite: Database.Database;
  /** Closes at once (a checkpointer thread is ended where it stands: the WAL is kept and read at the next open). */
  close(): void;
  /** Lets the checkpointer thread finish its checkpoint and close first, then closes. */
  shutdown(): Promise<void>;
}

export interface OpenDbOptions {
  dataDir: string;
  migrationsDir: string;
  /** Electron passes its own build of the native module (see README "Electron and better-sqlite3"). */
  nativeBinding?: string;
  /** Run WAL checkpoints in a thread of their own instead of inside the commits (the server's connection). */
  checkpointInThread?: boolean;
  /** A failure of that thread (the connection then checkpoints by itself again). */
  onCheckpointerError?: (error: Error) => void;
}

export { DB_FILE_NAME };

/** Opens (creating if needed) the data dir's database in WAL mode and applies the committed migrations. */
export function openDb(options: OpenDbOptions): DbHandle {
  mkdirSync(options.dataDir, { recursive: true });
  enterDialect('sqlite');
  const sqlite = new Database(join(options.dataDir, DB_FILE_NAME), options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  const db = drizzle(sqlite, { schema });
  connections.set(db, sqlite);
  try {
    enableIncrementalVacuum(sqlite);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    // SQLite's default page cache is 2 MiB; the checks table alone is ~14 MiB at 10,000 monitors, so every
    // Dashboard count and Monitors page re-read it from the OS page by page. 32 MiB keeps the hot tables in.
    sqlite.pragma('cache_size = -32768');
    registerFoldFunction(sqlite);
    registerMailboxFunction(sqlite);
    migrateWithoutForeignKeys(sqlite, db, options.migrationsDir);
  } catch (error) {
    sqlite.close();
    leaveDialect();
    throw error;
  }
  const file = join(options.dataDir, DB_FILE_NAME);
  const checkpointer: Checkpointer | null = options.checkpointInThread
    ? startCheckpointer(sqlite, { file, nativeBinding: options.nativeBinding, onError: options.onCheckpointerError })
    : null;
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    close() {
      void checkpointer?.stop();
      if (sqlite.open) {
        sqlite.close();
        leaveDialect();
      }
    },
    async shutdown() {
      await checkpointer?.stop();
      if (sqlite.open) {
        sqlite.close();
        leaveDialect();
      }
    },
  };
}

/** Retention frees pages with `PRAGMA incremental_vacuum`; a database made without it needs one full VACUUM (instant when new). */
function enableIncrementalVacuum(sqlite: Database.Database): void {
  if (sqlite.pragma('auto_vacuum', { simple: true }) === 2) return;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  if (sqlite.pragma('auto_vacuum', { simple: true }) !== 2) sqlite.exec('VACUUM');
}

/**
 * The migrator wraps every migration in one transaction, where `PRAGMA foreign_keys` is a no-op; a
 * table rebuild's DROP TABLE of a parent would then cascade-delete its children. So the keys are
 * off around migrate() and, when a migration ran (the check scans every child table), checked
 * before they go back on.
 */
function migrateWithoutForeignKeys(sqlite: Database.Database, db: Db, migrationsFolder: string): void {
  sqlite.pragma('foreign_keys = OFF');
  const before = appliedMigrations(sqlite);
  migrate(db, { migrationsFolder });
  if (appliedMigrations(sqlite) !== before) assertForeignKeysHold(sqlite);
  sqlite.pragma('foreign_keys = ON');
}

function appliedMigrations(sqlite: Database.Database): number {
  const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  return table ? (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n : 0;
}

function assertForeignKeysHold(sqlite: Database.Database): void {
  const violations = sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  if (violations.length > 0) {
    const sample = violations.slice(0, 5).map((v) => `${v.table} row ${v.rowid} → ${v.parent}`);
    throw new Error(`The database has ${violations.length} rows whose foreign keys point nowhere after migrating (${sample.join(', ')}).`);
  }
}

/**
 * The better-sqlite3 connection of every Drizzle database openDb made and of every transaction the
 * helper below began on one (a `tx` is a new object per transaction, sharing its database's
 * connection). Ours, so nothing reads drizzle's private session.
 */
const connections = new WeakMap<object, Database.Database>();

/**
 * What the asynchronous data layer keeps per SQLite connection: the one transaction open on it (the
 * connection is shared by the whole process, so transactions take turns) and the Drizzle database
 * that transaction's work writes through. Work outside a transaction waits for it to end
 * (`ready`), so a statement of another request never lands inside somebody else's transaction,
 * where its rollback would take that statement with it.
 */
interface ConnectionTurns {
  /** Resolves when the open transaction ends; null while none is open. */
  open: Promise<void> | null;
  /** Savepoint depth of the open transaction (0 at its top level). */
  depth: number;
  /** The Drizzle database handed to every transaction on this connection (one at a time). */
  tx: Db;
  /** BEGIN IMMEDIATE / DEFERRED, COMMIT and ROLLBACK, prepared once: every judged result opens a transaction. */
  statements: Record<'immediate' | 'deferred' | 'commit' | 'rollback', Database.Statement>;
  /** Work to start once the open transaction has committed (afterCommit); dropped when it rolls back. */
  afterCommit: (() => void)[];
}

const turns = new WeakMap<Database.Database, ConnectionTurns>();
const txHandles = new WeakSet<object>();
/**
 * The transaction whose work is running. Code inside a transaction may still reach the database
 * through a service context's own `db` (the synchronous layer allowed it: better-sqlite3 nests), so
 * such a call joins the open transaction instead of waiting for it to end, which would never come.
 */
const insideTransaction = new AsyncLocalStorage<ConnectionTurns>();

function turnsOf(client: Database.Database): ConnectionTurns {
  let t = turns.get(client);
  if (t === undefined) {
    const tx = drizzle(client, { schema });
    connections.set(tx, client);
    txHandles.add(tx);
    const statements = {
      immediate: client.prepare('BEGIN IMMEDIATE'),
      deferred: client.prepare('BEGIN DEFERRED'),
      commit: client.prepare('COMMIT'),
      rollback: client.prepare('ROLLBACK'),
    };
    t = { open: null, depth: 0, tx, statements, afterCommit: [] };
    turns.set(client, t);
  }
  return t;
}

/**
 * Before a statement on `db`: the database to run it on, once it may run. On SQLite that is `db`,
 * at once inside a transaction (`db` is its handle) or when none is open, else once the open one
 * ended. On PostgreSQL it is the open transaction's client when called from inside its work, else
 * `db`. Every repository function starts with `db = await ready(db)`.
 */
export function ready(db: Db): Db | Promise<Db> {
  if (txHandles.has(db)) return db;
  const client = connections.get(db);
  if (client === undefined) return pgReady(db);
  const t = turns.get(client);
  if (t === undefined || t.open === null || insideTransaction.getStore() === t) return db;
  return waitForTurn(t).then(() => db);
}

async function waitForTurn(t: ConnectionTurns): Promise<void> {
  while (t.open !== null) await t.open;
}

/**
 * A transaction on the data layer: `work` may await the database only (no network I/O, no timers:
 * STYLE.md habit 4), so on SQLite it still runs to its end within one turn of the event loop.
 * Writes take the write lock at BEGIN (`immediate`); a read that needs one snapshot across queries
 * passes `deferred`. Called with a transaction's `tx`, it opens a savepoint in that transaction.
 */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>, behavior: 'immediate' | 'deferred' = 'immediate'): Promise<T> {
  if (isPgDb(db)) return pgTransaction(db, work, behavior);
  const client = connectionOf(db);
  const t = turnsOf(client);
  if (txHandles.has(db) || (t.open !== null && insideTransaction.getStore() === t)) return savepoint(client, t, work);
  while (t.open !== null) await t.open;
  let end!: () => void;
  t.open = new Promise<void>((resolve) => (end = resolve));
  try {
    t.statements[behavior].run();
    let result: T;
    try {
      result = await insideTransaction.run(t, () => work(t.tx));
    } catch (error) {
      if (client.inTransaction) t.statements.rollback.run();
      throw error;
    }
    t.statements.commit.run();
    startCommitted(t.afterCommit.splice(0));
    return result;
  } finally {
    t.open = null;
    t.depth = 0;
    t.afterCommit.length = 0;
    end();
  }
}

/**
 * Runs `work` once the transaction the caller is inside has committed (nothing if it rolls back),
 * or on the next turn of the event loop when the caller is in none: for what must see the
 * transaction's writes, such as a run it decided to start. It runs outside that transaction.
 */
export function afterCommit(db: Db, work: () => void): void {
  if (isPgDb(db)) {
    if (pgAfterCommit(db, work)) return;
  } else {
    const client = connections.get(db);
    const t = client === undefined ? undefined : turns.get(client);
    if (t !== undefined && t.open !== null && (txHandles.has(db) || insideTransaction.getStore() === t)) {
      t.afterCommit.push(work);
      return;
    }
  }
  startCommitted([work]);
}

/** Each on a turn of its own, outside any transaction's context. */
export function startCommitted(works: (() => void)[]): void {
  if (works.length === 0) return;
  insideTransaction.exit(() => {
    for (const work of works) setImmediate(work);
  });
}

async function savepoint<T>(client: Database.Database, t: ConnectionTurns, work: (tx: Db) => Promise<T>): Promise<T> {
  const name = `sp${++t.depth}`;
  client.prepare(`SAVEPOINT ${name}`).run();
  try {
    const result = await work(t.tx);
    client.prepare(`RELEASE ${name}`).run();
    return result;
  } catch (error) {
    if (client.inTransaction) {
      client.prepare(`ROLLBACK TO ${name}`).run();
      client.prepare(`RELEASE ${name}`).run();
    }
    throw error;
  } finally {
    t.depth--;
  }
}

/**
 * A synchronous SQLite transaction, for db/'s own SQLite-only work (copying out of a SQLite folder,
 * tests' and benchmarks' seeding): never above db/, where the data layer is asynchronous.
 */
export function transactionSync<T>(db: Db, work: (tx: Db) => T, behavior: 'immediate' | 'deferred' = 'immediate'): T {
  const client = connectionOf(db);
  return db.transaction(
    (tx) => {
      connections.set(tx, client);
      return work(tx as unknown as Db);
    },
    { behavior },
  );
}

/**
 * The better-sqlite3 connection under a Drizzle database or transaction, for the batch writes that
 * prepare one statement and run it per row (Drizzle builds the SQL of every query anew, which for
 * thousands of rows costs more than writing them), and for per-connection caches and functions.
 */
export function connectionOf(db: Db): Database.Database {
  const client = connections.get(db);
  if (client === undefined) {
    throw new Error('connectionOf: this database was not opened by openDb, nor is it a transaction begun with transaction() on one (db/connection.ts)');
  }
  return client;
}
