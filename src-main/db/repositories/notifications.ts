import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertNotifications } from '../schema';

export type AlertNotificationRow = typeof alertNotifications.$inferSelect;

export function insertNotification(db: Db, row: AlertNotificationRow): void {
  db.insert(alertNotifications).values(row).run();
}

export function findNotification(db: Db, id: string): AlertNotificationRow | undefined {
  return db.select().from(alertNotifications).where(eq(alertNotifications.id, id)).get();
}

/** Notifications of the channel since `since` that were or will be sent (rate-limited ones are not). */
export function countChannelNotificationsSince(db: Db, alertChannelId: number, since: number): number {
  return (
    db
      .select({ n: count() })
      .from(alertNotifications)
      .where(and(eq(alertNotifications.alertChannelId, alertChannelId), gte(alertNotifications.createdAt, since), ne(alertNotifications.status, 'RATE_LIMITED')))
      .get()?.n ?? 0
  );
}

// Written out so SQLite can use the partial index alert_notifications_due (a bound parameter would not match it).
const inProgress = sql`${alertNotifications.status} = 'IN_PROGRESS'`;

/** IN_PROGRESS notifications whose next attempt is due, oldest first. */
export function listDueNotifications(db: Db, now: number, limit: number): AlertNotificationRow[] {
  return db
    .select()
    .from(alertNotifications)
    .where(and(inProgress, lte(alertNotifications.nextAttemptAt, now)))
    .orderBy(asc(alertNotifications.nextAttemptAt), asc(alertNotifications.createdAt))
    .limit(limit)
    .all();
}

/** The earliest due time among IN_PROGRESS notifications, or null when none waits. */
export function nextDueAt(db: Db): number | null {
  const row = db
    .select({ at: alertNotifications.nextAttemptAt })
    .from(alertNotifications)
    .where(and(inProgress, isNotNull(alertNotifications.nextAttemptAt)))
    .orderBy(asc(alertNotifications.nextAttemptAt))
    .limit(1)
    .get();
  return row?.at ?? null;
}

/** After a restart: notifications caught mid-send are due at once (resent with the same idempotency key). */
export function releaseInterruptedSends(db: Db, now: number): number {
  return db
    .update(alertNotifications)
    .set({ nextAttemptAt: now })
    .where(and(inProgress, isNotNull(alertNotifications.sendingAt)))
    .run().changes;
}

export function updateNotification(db: Db, id: string, patch: Partial<Omit<AlertNotificationRow, 'id'>>): void {
  db.update(alertNotifications).set(patch).where(eq(alertNotifications.id, id)).run();
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
const failedSoFar = or(
  inArray(alertNotifications.status, ['FAILURE', 'RATE_LIMITED']),
  and(eq(alertNotifications.status, 'IN_PROGRESS'), isNotNull(alertNotifications.sentAt)),
);

function whereOf(filter: NotificationFilter) {
  return and(
    eq(alertNotifications.accountId, filter.accountId),
    gte(alertNotifications.createdAt, filter.from),
    lt(alertNotifications.createdAt, filter.to),
    filter.alertChannelId === undefined ? undefined : eq(alertNotifications.alertChannelId, filter.alertChannelId),
    filter.failuresOnly ? failedSoFar : undefined,
  );
}

/** Newest first. */
export function listNotifications(db: Db, filter: NotificationFilter, limit: number, offset: number): AlertNotificationRow[] {
  return db
    .select()
    .from(alertNotifications)
    .where(whereOf(filter))
    .orderBy(desc(alertNotifications.createdAt), desc(alertNotifications.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countNotifications(db: Db, filter: NotificationFilter): number {
  return db.select({ n: count() }).from(alertNotifications).where(whereOf(filter)).get()?.n ?? 0;
}
