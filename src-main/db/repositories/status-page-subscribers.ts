import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { statusPages, statusPageSubscribers } from '../schema';

export type SubscriberRow = typeof statusPageSubscribers.$inferSelect;

export function insertSubscriber(db: Db, row: SubscriberRow): void {
  db.insert(statusPageSubscribers).values(row).run();
}

export function findSubscriberByEmail(db: Db, statusPageId: string, email: string): SubscriberRow | undefined {
  return db
    .select()
    .from(statusPageSubscribers)
    .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), eq(statusPageSubscribers.email, email)))
    .get();
}

export function findSubscriber(db: Db, statusPageId: string, id: string): SubscriberRow | undefined {
  return db
    .select()
    .from(statusPageSubscribers)
    .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), eq(statusPageSubscribers.id, id)))
    .get();
}

/** A subscriber of any page of the account. */
export function findAccountSubscriber(db: Db, accountId: string, id: string): SubscriberRow | undefined {
  return db
    .select({ subscriber: statusPageSubscribers })
    .from(statusPageSubscribers)
    .innerJoin(statusPages, eq(statusPages.id, statusPageSubscribers.statusPageId))
    .where(and(eq(statusPages.accountId, accountId), eq(statusPageSubscribers.id, id)))
    .get()?.subscriber;
}

export function confirmSubscriber(db: Db, id: string, at: string): void {
  db.update(statusPageSubscribers)
    .set({ confirmedAt: at })
    .where(and(eq(statusPageSubscribers.id, id), isNull(statusPageSubscribers.confirmedAt)))
    .run();
}

/** Removes the subscriber; its queued mail goes with it (cascade). */
export function deleteSubscriber(db: Db, id: string): boolean {
  return db.delete(statusPageSubscribers).where(eq(statusPageSubscribers.id, id)).run().changes > 0;
}

/** Unconfirmed subscribers of the page created before `before` (ISO): their confirmation links expire with them. */
export function deleteUnconfirmedBefore(db: Db, statusPageId: string, before: string): number {
  return db
    .delete(statusPageSubscribers)
    .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), isNull(statusPageSubscribers.confirmedAt), lt(statusPageSubscribers.createdAt, before)))
    .run().changes;
}

/** Newest first. */
export function listSubscribers(db: Db, statusPageId: string, limit: number): SubscriberRow[] {
  return db
    .select()
    .from(statusPageSubscribers)
    .where(eq(statusPageSubscribers.statusPageId, statusPageId))
    .orderBy(desc(statusPageSubscribers.createdAt), desc(statusPageSubscribers.id))
    .limit(limit)
    .all();
}

export function countPendingSubscribers(db: Db, statusPageId: string): number {
  return (
    db
      .select({ n: count() })
      .from(statusPageSubscribers)
      .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), isNull(statusPageSubscribers.confirmedAt)))
      .get()?.n ?? 0
  );
}

/** Confirmed and pending subscribers per page of the account (pages without any are left out). */
export function subscriberCountsOfAccount(db: Db, accountId: string): { statusPageId: string; confirmed: number; pending: number }[] {
  return db
    .select({
      statusPageId: statusPageSubscribers.statusPageId,
      confirmed: sql<number>`sum(case when ${statusPageSubscribers.confirmedAt} is not null then 1 else 0 end)`,
      pending: sql<number>`sum(case when ${statusPageSubscribers.confirmedAt} is null then 1 else 0 end)`,
    })
    .from(statusPageSubscribers)
    .innerJoin(statusPages, eq(statusPages.id, statusPageSubscribers.statusPageId))
    .where(eq(statusPages.accountId, accountId))
    .groupBy(statusPageSubscribers.statusPageId)
    .all();
}

export function findSubscriberById(db: Db, id: string): SubscriberRow | undefined {
  return db.select().from(statusPageSubscribers).where(eq(statusPageSubscribers.id, id)).get();
}
