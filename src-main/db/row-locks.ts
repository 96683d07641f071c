import { sql } from 'drizzle-orm';
import { type Db, ready } from './connection';
import { onPostgres, runSql } from './dialect';

/**
 * Locks rows for the rest of the calling transaction (`SELECT … FOR NO KEY UPDATE`, in key order so two
 * transactions locking overlapping sets never deadlock), before reading them to decide a write.
 * On PostgreSQL several servers write one database: a second transaction wanting the same rows
 * waits for the first one's commit and then reads what it wrote. On SQLite this does nothing: one
 * process owns the file and its write transactions already take turns (db/connection.ts).
 *
 * `table` and `column` are SQL names (snake_case), never user input.
 */
export async function lockRowsForUpdate(db: Db, table: string, column: string, keys: readonly (string | number)[]): Promise<void> {
  await lockRows(db, table, column, keys, 'update');
}

/**
 * Keeps rows from changing or going for the rest of the calling transaction (`FOR SHARE`, key
 * order) while a write depends on them existing: a check naming a group or a location, a status
 * page service naming checks. Other readers and other `FOR SHARE` holders go on; a writer of those
 * rows (an update, a delete, `FOR UPDATE`) waits for the commit. No-op on SQLite.
 */
export async function lockRowsForShare(db: Db, table: string, column: string, keys: readonly (string | number)[]): Promise<void> {
  await lockRows(db, table, column, keys, 'share');
}

/**
 * The account's row `FOR UPDATE`: the queue for decisions that count or compare rows of one account
 * with no parent row of their own (the plan's check limit, unique names and slugs checked before an
 * insert, the last owner, a dependency cycle). No-op on SQLite.
 */
export async function lockAccount(db: Db, accountId: string): Promise<void> {
  await lockRows(db, 'accounts', 'id', [accountId], 'update');
}

/**
 * A transaction-level advisory lock on a name (`pg_advisory_xact_lock`, released at commit or
 * rollback): the queue for a decision that has no row to lock yet (the first account on an empty
 * database, the sealing key's record, a check's first alert state). Names are constants or
 * `kind:id` strings. No-op on SQLite.
 */
export async function lockKey(db: Db, name: string): Promise<void> {
  db = await ready(db);
  if (!onPostgres()) return;
  await runSql(db, sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

async function lockRows(db: Db, table: string, column: string, keys: readonly (string | number)[], mode: 'update' | 'share'): Promise<void> {
  db = await ready(db);
  if (!onPostgres() || keys.length === 0) return;
  const list = sql.join([...new Set(keys)].map((k) => sql`${k}`), sql`, `);
  // FOR NO KEY UPDATE, not FOR UPDATE: an insert of a row whose foreign key names a locked row (an
  // alert naming its account, a notification naming its channel) takes FOR KEY SHARE on it, which
  // FOR UPDATE would block; nothing here changes a key, and writers of the row still take turns.
  const lockClause = mode === 'update' ? sql`for no key update` : sql`for share`;
  await runSql(db, sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} in (${list}) order by ${sql.identifier(column)} ${lockClause}`);
}
