import type { SQL } from 'drizzle-orm';
import { useTables } from './tables';

/*
 * Which database engine this process's data layer speaks. The repositories' query-builder code is
 * shared by both dialects (db/tables.ts); what differs runs through the helpers below, which
 * execute a query the way its dialect's driver does: better-sqlite3 answers at once (`all`, `get`,
 * `run` return values), node-postgres with promises. Callers await either.
 *
 * One process holds databases of one dialect at a time: the desktop app and a single `serve` are
 * SQLite, a team-mode `serve` is PostgreSQL. Opening one of the other dialect while one is open is
 * refused (it would point the other's queries at the wrong tables).
 */

export type DialectName = 'sqlite' | 'postgres';

let current: DialectName = 'sqlite';
let open = 0;

export function dialect(): DialectName {
  return current;
}

export function onPostgres(): boolean {
  return current === 'postgres';
}

/** A database of `name` opens in this process (openDb, openPgDb). */
export function enterDialect(name: DialectName): void {
  if (open > 0 && current !== name) {
    throw new Error(`A ${current} database is open in this process: a ${name} database cannot be opened beside it (db/dialect.ts)`);
  }
  if (current !== name) {
    current = name;
    useTables(name);
  }
  open++;
}

/** A database opened with enterDialect closed. */
export function leaveDialect(): void {
  if (open > 0) open--;
}

type Params = Record<string, unknown>;

/** What a statement changed, in both dialects. */
export interface Changes {
  changes: number;
}

/** A drizzle query or prepared query of either dialect (typed as SQLite's; PostgreSQL's execute()). */
interface Executes {
  execute(params?: Params): Promise<unknown>;
}

/** Every row of a query (a builder or a prepared query). */
export function all<R>(query: { all(params?: Params): R[] }, params?: Params): R[] | Promise<R[]> {
  if (current === 'sqlite') return query.all(params);
  return (query as unknown as Executes).execute(params) as Promise<R[]>;
}

/** The first row of a query, or undefined. */
export function get<R>(query: { get(params?: Params): R }, params?: Params): R | Promise<R> {
  if (current === 'sqlite') return query.get(params);
  return (query as unknown as Executes).execute(params).then((rows) => (rows as R[])[0]);
}

/** Runs a statement; how many rows it changed. */
export function run(query: { run(params?: Params): { changes: number } }, params?: Params): Changes | Promise<Changes> {
  if (current === 'sqlite') return query.run(params);
  return (query as unknown as Executes).execute(params).then(changesOf);
}

function changesOf(result: unknown): Changes {
  if (Array.isArray(result)) return { changes: result.length };
  return { changes: (result as { rowCount?: number | null }).rowCount ?? 0 };
}

/** A database of either dialect, for raw SQL (typed as SQLite's). */
interface RawSqlite {
  all<T>(query: SQL): T[];
  get<T>(query: SQL): T;
  run(query: SQL): { changes: number };
}

interface RawPostgres {
  execute(query: SQL): Promise<{ rows: unknown[]; rowCount?: number | null }>;
}

/** Every row of a raw SQL query. */
export function allSql<T>(db: RawSqlite, query: SQL): T[] | Promise<T[]> {
  if (current === 'sqlite') return db.all<T>(query);
  return (db as unknown as RawPostgres).execute(query).then((result) => result.rows as T[]);
}

/** The first row of a raw SQL query, or undefined. */
export function getSql<T>(db: RawSqlite, query: SQL): T | Promise<T> {
  if (current === 'sqlite') return db.get<T>(query);
  return (db as unknown as RawPostgres).execute(query).then((result) => result.rows[0] as T);
}

/** Runs a raw SQL statement; how many rows it changed. */
export function runSql(db: RawSqlite, query: SQL): Changes | Promise<Changes> {
  if (current === 'sqlite') return db.run(query);
  return (db as unknown as RawPostgres).execute(query).then((result) => ({ changes: result.rowCount ?? 0 }));
}

/** `sqlite` on SQLite, `postgres` on PostgreSQL: for the few fragments whose SQL differs. */
export function bySql<T>(choices: Record<DialectName, () => T>): T {
  return choices[current]();
}
