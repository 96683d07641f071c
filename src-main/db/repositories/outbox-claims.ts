import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { getSql, onPostgres, runSql } from '../dialect';

/** The outboxes whose rows servers claim before sending (engines/outbox-worker.ts). */
export type OutboxTable = 'alert_notifications' | 'status_page_emails';

/**
 * Locks an outbox row for the claiming transaction. On PostgreSQL several servers deliver the same
 * outbox: a second claimer waits for the first one's commit and then reads the claimed row (no
 * longer due) instead of claiming it again. On SQLite the transaction already holds the write lock.
 */
export async function lockOutboxRow(db: Db, table: OutboxTable, id: string): Promise<void> {
  db = await ready(db);
  if (!onPostgres()) return;
  await runSql(db, sql`select 1 from ${sql.identifier(table)} where id = ${id} for update`);
}

/**
 * Whether the attempt that claimed the row at `claimedAt` still owns it, locking it for the
 * finishing transaction (on PostgreSQL; on SQLite the transaction already holds the write lock).
 * False when the claim's lease passed and another attempt claimed the row again (its `sending_at`
 * is that attempt's), or the row was finished or deleted meanwhile.
 */
export async function claimStillHeld(db: Db, table: OutboxTable, id: string, claimedAt: number): Promise<boolean> {
  db = await ready(db);
  const lock = onPostgres() ? sql` for update` : sql``;
  return (await getSql<{ held: number } | undefined>(db, sql`select 1 as held from ${sql.identifier(table)} where id = ${id} and sending_at = ${claimedAt}${lock}`)) !== undefined;
}

/**
 * Whether other servers may be delivering this database's outboxes now (team mode). Then a
 * starting server leaves rows caught mid-send to their claim's lease: another live server may be
 * sending them at this moment.
 */
export function outboxesShared(): boolean {
  return onPostgres();
}
