import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertNotifications, perDialect } from '../tables';
import { all, allSql, get, onPostgres, run } from "../dialect";

export type AlertNotificationRow = typeof alertNotifications.$inferSelect;

export async function insertNotification(db: Db, row: typeof alertNotifications.$inferInsert): Promise<void> {
  db = await ready(db);
  await run(db.insert(alertNotifications).values(row));
}

export async function findNotification(db: Db, id: string): Promise<AlertNotificationRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(alertNotifications).where(eq(alertNotifications.id, id)));
}

// Written out so SQLite can use the partial index alert_notifications_due (a bound parameter would not match it).
const inProgress = perDialect(() => sql`${alertNotifications.status} = 'IN_PROGRESS'`);

/**
 * Due first, then recorded first. SQLite breaks ties in rowid order (the order they were written:
 * the partial index holds rowids); PostgreSQL has no rowid, and its ties would come in any order,
 * so they are broken by the row's physical place (ctid), where a row not yet attempted was inserted.
 */
const dueOrder = perDialect(() =>
  onPostgres()
    ? [asc(alertNotifications.nextAttemptAt), asc(alertNotifications.createdAt), sql`ctid`]
    : [asc(alertNotifications.nextAttemptAt), asc(alertNotifications.createdAt)],
);

/** IN_PROGRESS notifications whose next attempt is due, oldest first. */
export async function listDueNotifications(db: Db, now: number, limit: number): Promise<AlertNotificationRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(alertNotifications)
      .where(and(inProgress(), lte(alertNotifications.nextAttemptAt, now)))
      .orderBy(...dueOrder())
      .limit(limit));
}

/** The earliest due time among IN_PROGRESS notifications, or null when none waits. */
export async function nextDueAt(db: Db): Promise<number | null> {
  db = await ready(db);
  const row = await get(db
      .select({ at: alertNotifications.nextAttemptAt })
      .from(alertNotifications)
      .where(and(inProgress(), isNotNull(alertNotifications.nextAttemptAt)))
      .orderBy(asc(alertNotifications.nextAttemptAt))
      .limit(1));
  return row?.at ?? null;
}

/** After a restart: notifications caught mid-send are due at once (resent with the same idempotency key). */
export async function releaseInterruptedSends(db: Db, now: number): Promise<number> {
  db = await ready(db);
  return (await run(db
      .update(alertNotifications)
      .set({ nextAttemptAt: now })
      .where(and(inProgress(), isNotNull(alertNotifications.sendingAt))))).changes;
}

export async function updateNotification(db: Db, id: string, patch: Partial<Omit<AlertNotificationRow, 'id'>>): Promise<void> {
  db = await ready(db);
  await run(db.update(alertNotifications).set(patch).where(eq(alertNotifications.id, id)));
}

/**
 * Records how a claimed attempt ended, only while that claim still holds the row: `sendingAt` is
 * still the claim's. False when another attempt owns the row now (its lease passed and another
 * server claimed it again, or a digest went back to waiting): this attempt's result is not written.
 */
export async function finishClaimedNotification(db: Db, id: string, claimedAt: number, patch: Partial<Omit<AlertNotificationRow, 'id'>>): Promise<boolean> {
  db = await ready(db);
  return (await run(db.update(alertNotifications).set(patch).where(and(eq(alertNotifications.id, id), eq(alertNotifications.sendingAt, claimedAt))))).changes === 1;
}

export interface NotificationFilter {
  accountId: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  alertChannelId?: number;
  /** FAILURE, RATE_LIMITED, and IN_PROGRESS after a failed attempt (being retried). */
  failuresOnly?: boolean;
}

// An attempt that ends without success and will be retried leaves the row IN_PROGRESS with sent_at set
// (a success would have made it SUCCESS), so such a row has failed at least once.
const failedSoFar = perDialect(() => or(
          inArray(alertNotifications.status, ['FAILURE', 'RATE_LIMITED']),
          and(eq(alertNotifications.status, 'IN_PROGRESS'), isNotNull(alertNotifications.sentAt)),
        ));

function whereOf(filter: NotificationFilter) {
  return and(
    eq(alertNotifications.accountId, filter.accountId),
    gte(alertNotifications.createdAt, filter.from),
    lt(alertNotifications.createdAt, filter.to),
    filter.alertChannelId === undefined ? undefined : eq(alertNotifications.alertChannelId, filter.alertChannelId),
    filter.failuresOnly ? failedSoFar() : undefined,
  );
}

/** Newest first. */
export async function listNotifications(db: Db, filter: NotificationFilter, limit: number, offset: number): Promise<AlertNotificationRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(alertNotifications)
      .where(whereOf(filter))
      .orderBy(desc(alertNotifications.createdAt), desc(alertNotifications.id))
      .limit(limit)
      .offset(offset));
}

export async function countNotifications(db: Db, filter: NotificationFilter): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: count() }).from(alertNotifications).where(whereOf(filter))))?.n ?? 0;
}

/**
 * When each notification of the channel that used its budget since `since` went (or will go) out,
 * oldest first: a notification sent on its own counts from when it was recorded, a digest from its
 * first attempt; notifications carried by a digest, an open digest and RATE_LIMITED rows use none.
 */
export async function channelBudgetUse(db: Db, alertChannelId: number, since: number, exceptId = ''): Promise<number[]> {
  db = await ready(db);
  const rows = await allSql<{ at: number }>(db, sql`select case when alert_type = 'DIGEST' then coalesce(sent_at, sending_at) else created_at end as at
    from ${alertNotifications}
    where alert_channel_id = ${alertChannelId} and digest_id is null and status != 'RATE_LIMITED' and id != ${exceptId}
      and (created_at >= ${since} or (alert_type = 'DIGEST' and coalesce(sent_at, sending_at) >= ${since}))
    order by at`);
  return rows.map((r) => r.at).filter((at) => at !== null && at >= since);
}

/** The channel's digest that still takes notifications: recorded, not yet attempted. */
export async function findOpenDigest(db: Db, alertChannelId: number): Promise<AlertNotificationRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(alertNotifications)
      .where(
        and(
          eq(alertNotifications.alertChannelId, alertChannelId),
          eq(alertNotifications.alertType, 'DIGEST'),
          eq(alertNotifications.status, 'IN_PROGRESS'),
          eq(alertNotifications.attempts, 0),
          sql`${alertNotifications.sendingAt} is null`,
        ),
      ));
}

/** The notifications a digest carries, in the order they were recorded. */
export async function listDigestItems(db: Db, digestId: string): Promise<AlertNotificationRow[]> {
  db = await ready(db);
  // Ties on created_at in insertion order: SQLite's rowid; PostgreSQL has none, and an item's physical
  // position (ctid) is where it was inserted, as items are not updated until their digest ends.
  return await all(db.select().from(alertNotifications).where(eq(alertNotifications.digestId, digestId)).orderBy(asc(alertNotifications.createdAt), onPostgres() ? sql`ctid` : sql`rowid`));
}

/** A digest ended: the notifications it carried end the same way. */
export async function finishDigestItems(db: Db, digestId: string, patch: Pick<AlertNotificationRow, 'status' | 'notificationResult' | 'sentAt'>): Promise<void> {
  db = await ready(db);
  await run(db.update(alertNotifications)
        .set({ ...patch, nextAttemptAt: null })
        .where(eq(alertNotifications.digestId, digestId)));
}
