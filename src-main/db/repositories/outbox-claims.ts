import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { onPostgres, runSql } from '../dialect';

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
 * Whether other servers may be delivering this database's outboxes now (team mode). Then a
 * starting server leaves rows caught mid-send to their claim's lease: another live server may be
 * sending them at this moment.
 */
export function outboxesShared(): boolean {
  return onPostgres();
}
