import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertNotifications } from '../tables';
import { allSql, onPostgres } from '../dialect';

/**
 * Due notifications, oldest first, that are each the head of their line: a check's notifications to
 * one channel go out one at a time, in the order they are due (the order their alerts were decided:
 * due when recorded, then recorded first, then written first). A notification waits while another
 * of its line is being sent (on any server: its claim set sending_at) or is due before it. One
 * waiting for a retry later does not hold the others back. Notifications about no check (tests,
 * agent notices, digests) are lines of their own.
 */
export async function listDueHeadsOfLine(db: Db, now: number, limit: number): Promise<{ id: string }[]> {
  db = await ready(db);
  // Ties in time are broken by where the row was written (SQLite's rowid, PostgreSQL's ctid), as
  // listDueNotifications does: a row not yet attempted has not moved since it was inserted.
  const place = sql.raw(onPostgres() ? 'ctid' : 'rowid');
  return await allSql<{ id: string }>(db, sql`select n.id as id from ${alertNotifications} n
    where n.status = 'IN_PROGRESS' and n.next_attempt_at <= ${now}
      and not exists (select 1 from ${alertNotifications} e
        where e.alert_channel_id = n.alert_channel_id and e.check_id = n.check_id and e.id <> n.id and e.status = 'IN_PROGRESS'
          and (e.sending_at is not null
            or (e.next_attempt_at <= ${now} and (e.next_attempt_at, e.created_at, e.${place}) < (n.next_attempt_at, n.created_at, n.${place}))))
    order by n.next_attempt_at, n.created_at, n.${place}
    limit ${limit}`);
}
