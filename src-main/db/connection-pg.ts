import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './db-type';
import { enterDialect, leaveDialect } from './dialect';
import * as schema from './schema-pg';

/*
 * The data layer on PostgreSQL (team mode, issue 35): a pool of node-postgres connections under
 * one drizzle database, typed as the SQLite one (db/tables.ts), and transactions that take a
 * connection of their own.
 */

export interface PgDbHandle {
  db: Db;
  pool: pg.Pool;
  /** Ends the pool's connections (waits for the ones in use to be released). */
  close(): Promise<void>;
}

export interface OpenPgDbOptions {
  url: string;
  migrationsDir: string;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** A connection the pool held failed while idle (the database restarted, the network dropped): logged, never fatal. */
  onIdleError?: (error: Error) => void;
}

interface PgState {
  pool: pg.Pool;
  /** The transaction that holds this process's turn, while one does (transactions take turns per process). */
  turn: Promise<void> | null;
}

/** A transaction's connection and the drizzle database on it, while its work runs. */
interface OpenTransaction {
  state: PgState;
  client: pg.PoolClient;
  tx: Db;
  /** False once the transaction ended: an async continuation its work left behind then runs on the pool. */
  active: boolean;
  depth: number;
  /** Work to start once it committed (afterCommit in db/connection.ts). */
  afterCommit: (() => void)[];
}

const roots = new WeakMap<object, PgState>();
const transactions = new WeakMap<object, OpenTransaction>();
const clientDbs = new WeakMap<pg.PoolClient, Db>();
const insideTransaction = new AsyncLocalStorage<OpenTransaction>();

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Values come back as the SQLite repositories read them: bigint columns (epoch ms, ids, counts)
 * as numbers — every one Sightline stores is far below 2^53 — and numeric sums as numbers.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * Applies migrations-pg on one connection holding a session-level advisory lock: servers of a team
 * started together on a new database take turns (drizzle's migrator creates its own table and
 * applies each migration without a lock of its own: the second server's CREATE failed on a
 * duplicate key), and the one that waited finds them applied.
 */
async function migrateAlone(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`select pg_advisory_lock(hashtextextended('sightline:migrate', 0))`);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(hashtextextended('sightline:migrate', 0))`).catch((error: Error) => (broken = error));
    }
  } finally {
    client.release(broken);
  }
}

/** Connects to `url`, applies migrations-pg, and points the repositories at PostgreSQL's tables. */
export async function openPgDb(options: OpenPgDbOptions): Promise<PgDbHandle> {
  enterDialect('postgres');
  // drizzle's node-postgres session passes its own type parsers with every query, falling back to
  // pg's global ones (not the pool's): the process-wide parsers are where int8 and numeric become
  // numbers for raw SQL too. A process holds one dialect, so nothing else here reads them as text.
  pg.types.setTypeParser(INT8, Number);
  pg.types.setTypeParser(NUMERIC, Number);
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10, types: types as pg.CustomTypesConfig });
  pool.on('error', (error) => options.onIdleError?.(error));
  // pg-pool listens for a client's errors only while it is idle: a connection cut while a transaction
  // holds it (the database stopped or failed over under load) emitted 'error' with no listener and
  // ended the process. The query in flight fails with that error (its caller handles it), and the
  // pool drops the broken client when it is released; this listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema }) as unknown as Db;
  roots.set(db, { pool, turn: null });
  try {
    await migrateAlone(pool, options.migrationsDir);
  } catch (error) {
    await pool.end().catch(() => undefined);
    leaveDialect();
    throw error;
  }
  let closed = false;
  return {
    db,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      leaveDialect();
      await pool.end();
    },
  };
}

export function isPgDb(db: Db): boolean {
  return roots.has(db) || transactions.has(db);
}

/** The database a statement on `db` runs on: the open transaction's when called from inside its work. */
export function pgReady(db: Db): Db {
  const open = insideTransaction.getStore();
  if (open?.active && roots.get(db) === open.state) return open.tx;
  return db;
}

/**
 * A transaction on its own pooled connection. `immediate` (a write) is PostgreSQL's default READ
 * COMMITTED; `deferred` (a read needing one snapshot across queries) is REPEATABLE READ, READ ONLY.
 * Write transactions of one process take turns, as on SQLite, so what one server did in one transaction
 * at a time it still does (a read-only snapshot, `deferred`, does not wait for them); what several servers do at once is docs/DECISIONS.md's table (issue 35,
 * item 2). Called from inside a transaction's work, it opens a savepoint.
 */
export async function pgTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, behavior: 'immediate' | 'deferred'): Promise<T> {
  const inner = transactions.get(db) ?? activeFor(db);
  if (inner) return savepoint(inner, work);
  const state = roots.get(db);
  if (!state) throw new Error('pgTransaction: this database was not opened by openPgDb (db/connection-pg.ts)');
  // A read-only snapshot decides nothing it writes: it does not wait for the writers' turn.
  const takesTurn = behavior === 'immediate';
  while (takesTurn && state.turn !== null) await state.turn;
  let end!: () => void;
  if (takesTurn) state.turn = new Promise<void>((resolve) => (end = resolve));
  let client: pg.PoolClient | null = null;
  let broken: Error | undefined;
  try {
    client = await state.pool.connect();
    let tx = clientDbs.get(client);
    if (tx === undefined) {
      tx = drizzle(client, { schema }) as unknown as Db;
      clientDbs.set(client, tx);
    }
    await client.query(behavior === 'deferred' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
    const open: OpenTransaction = { state, client, tx, active: true, depth: 0, afterCommit: [] };
    transactions.set(tx, open);
    try {
      const result = await insideTransaction.run(open, () => work(open.tx));
      await client.query('COMMIT');
      const committed = open.afterCommit.splice(0);
      insideTransaction.exit(() => {
        for (const next of committed) setImmediate(next);
      });
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      open.active = false;
      transactions.delete(tx);
    }
  } finally {
    client?.release(broken);
    if (takesTurn) {
      state.turn = null;
      end();
    }
  }
}

/** Queues `work` for after the commit of the transaction the caller is inside; false when it is in none. */
export function pgAfterCommit(db: Db, work: () => void): boolean {
  const open = transactions.get(db) ?? activeFor(db);
  if (!open?.active) return false;
  open.afterCommit.push(work);
  return true;
}

function activeFor(db: Db): OpenTransaction | undefined {
  const open = insideTransaction.getStore();
  return open?.active && roots.get(db) === open.state ? open : undefined;
}

async function savepoint<T>(open: OpenTransaction, work: (tx: Db) => Promise<T>): Promise<T> {
  const name = `sp${++open.depth}`;
  await open.client.query(`SAVEPOINT ${name}`);
  try {
    const result = await work(open.tx);
    await open.client.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await open.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    await open.client.query(`RELEASE SAVEPOINT ${name}`);
    throw error;
  } finally {
    open.depth--;
  }
}
