import { sql } from 'drizzle-orm';
import { type Db, ready } from './connection';
import { onPostgres, runSql } from './dialect';

/**
 * Locks rows for the rest of the calling transaction (`SELECT … FOR UPDATE`, in key order so two
 * transactions locking overlapping sets never deadlock), before reading them to decide a write.
 * On PostgreSQL several servers write one database: a second transaction wanting the same rows
 * waits for the first one's commit and then reads what it wrote. On SQLite this does nothing: one
 * process owns the file and its write transactions already take turns (db/connection.ts).
 *
 * `table` and `column` are SQL names (snake_case), never user input.
 */
export async function lockRowsForUpdate(db: Db, table: string, column: string, keys: readonly (string | number)[]): Promise<void> {
  db = await ready(db);
  if (!onPostgres() || keys.length === 0) return;
  const list = sql.join([...new Set(keys)].map((k) => sql`${k}`), sql`, `);
  await runSql(db, sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} in (${list}) order by ${sql.identifier(column)} for update`);
}
