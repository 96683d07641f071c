import { and, asc, count, desc, eq, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { statusPages, statusPageSubscribers } from '../tables';
import { all, get, run } from "../dialect";

export type SubscriberRow = typeof statusPageSubscribers.$inferSelect;

export async function insertSubscriber(db: Db, row: SubscriberRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(statusPageSubscribers).values(row));
}

export async function findSubscriberByEmail(db: Db, statusPageId: string, email: string): Promise<SubscriberRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(statusPageSubscribers)
      .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), eq(statusPageSubscribers.email, email))));
}

/** The page's subscription for a mailbox (any alias of it): a confirmed one first, else the oldest. */
export async function findSubscriberByMailbox(db: Db, statusPageId: string, mailbox: string): Promise<SubscriberRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(statusPageSubscribers)
      .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), eq(statusPageSubscribers.mailbox, mailbox)))
      .orderBy(sql`${statusPageSubscribers.confirmedAt} is null`, asc(statusPageSubscribers.createdAt))
      .limit(1));
}

export async function findSubscriber(db: Db, statusPageId: string, id: string): Promise<SubscriberRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(statusPageSubscribers)
      .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), eq(statusPageSubscribers.id, id))));
}

/** A subscriber of any page of the account. */
export async function findAccountSubscriber(db: Db, accountId: string, id: string): Promise<SubscriberRow | undefined> {
  db = await ready(db);
  return (await get(db
      .select({ subscriber: statusPageSubscribers })
      .from(statusPageSubscribers)
      .innerJoin(statusPages, eq(statusPages.id, statusPageSubscribers.statusPageId))
      .where(and(eq(statusPages.accountId, accountId), eq(statusPageSubscribers.id, id)))))?.subscriber;
}

export async function confirmSubscriber(db: Db, id: string, at: string): Promise<void> {
  db = await ready(db);
  await run(db.update(statusPageSubscribers)
        .set({ confirmedAt: at })
        .where(and(eq(statusPageSubscribers.id, id), isNull(statusPageSubscribers.confirmedAt))));
}

/** Removes the subscriber; its queued mail goes with it (cascade). */
export async function deleteSubscriber(db: Db, id: string): Promise<boolean> {
  db = await ready(db);
  return (await run(db.delete(statusPageSubscribers).where(eq(statusPageSubscribers.id, id)))).changes > 0;
}

/** Unconfirmed subscribers of the page created at or before `upTo` (ISO): their confirmation links expire with them. */
export async function deleteUnconfirmedUpTo(db: Db, statusPageId: string, upTo: string): Promise<number> {
  db = await ready(db);
  return (await run(db
      .delete(statusPageSubscribers)
      .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), isNull(statusPageSubscribers.confirmedAt), lte(statusPageSubscribers.createdAt, upTo))))).changes;
}

/** Unconfirmed subscribers of any page created at or before `upTo` (ISO), at most `limit` of them. */
export async function deleteExpiredUnconfirmed(db: Db, upTo: string, limit: number): Promise<number> {
  db = await ready(db);
  const expired = db
    .select({ id: statusPageSubscribers.id })
    .from(statusPageSubscribers)
    .where(and(isNull(statusPageSubscribers.confirmedAt), lte(statusPageSubscribers.createdAt, upTo)))
    .limit(limit);
  return (await run(db.delete(statusPageSubscribers).where(inArray(statusPageSubscribers.id, expired)))).changes;
}

/** How many unconfirmed subscriptions of the page one source signed up, and when the oldest was made (ISO). */
export async function pendingFromSource(db: Db, statusPageId: string, source: string): Promise<{ count: number; oldest: string | null }> {
  db = await ready(db);
  const row = await get(db
      .select({ count: count(), oldest: min(statusPageSubscribers.createdAt) })
      .from(statusPageSubscribers)
      .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), eq(statusPageSubscribers.source, source), isNull(statusPageSubscribers.confirmedAt))));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Deletes the oldest unconfirmed subscription of the source holding the most of them on the page
 * (ties: the source with the oldest); its queued confirmation goes with it. False when none is left.
 */
export async function evictPendingOfBiggestSource(db: Db, statusPageId: string): Promise<boolean> {
  db = await ready(db);
  const pending = and(eq(statusPageSubscribers.statusPageId, statusPageId), isNull(statusPageSubscribers.confirmedAt));
  const biggest = await get(db
      .select({ source: statusPageSubscribers.source })
      .from(statusPageSubscribers)
      .where(pending)
      .groupBy(statusPageSubscribers.source)
      .orderBy(desc(count()), asc(min(statusPageSubscribers.createdAt)))
      .limit(1));
  if (!biggest) return false;
  const sameSource = biggest.source === null ? isNull(statusPageSubscribers.source) : eq(statusPageSubscribers.source, biggest.source);
  const oldest = await get(db
      .select({ id: statusPageSubscribers.id })
      .from(statusPageSubscribers)
      .where(and(pending, sameSource))
      .orderBy(asc(statusPageSubscribers.createdAt), asc(statusPageSubscribers.id))
      .limit(1));
  return oldest ? await deleteSubscriber(db, oldest.id) : false;
}

/** Newest first. */
export async function listSubscribers(db: Db, statusPageId: string, limit: number): Promise<SubscriberRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(statusPageSubscribers)
      .where(eq(statusPageSubscribers.statusPageId, statusPageId))
      .orderBy(desc(statusPageSubscribers.createdAt), desc(statusPageSubscribers.id))
      .limit(limit));
}

export async function countPendingSubscribers(db: Db, statusPageId: string): Promise<number> {
  db = await ready(db);
  return (
    (await get(db
            .select({ n: count() })
            .from(statusPageSubscribers)
            .where(and(eq(statusPageSubscribers.statusPageId, statusPageId), isNull(statusPageSubscribers.confirmedAt)))))?.n ?? 0
  );
}

/** Confirmed and pending subscribers per page of the account (pages without any are left out). */
export async function subscriberCountsOfAccount(db: Db, accountId: string): Promise<{ statusPageId: string; confirmed: number; pending: number }[]> {
  db = await ready(db);
  return await all(db
      .select({
        statusPageId: statusPageSubscribers.statusPageId,
        confirmed: sql<number>`sum(case when ${statusPageSubscribers.confirmedAt} is not null then 1 else 0 end)`,
        pending: sql<number>`sum(case when ${statusPageSubscribers.confirmedAt} is null then 1 else 0 end)`,
      })
      .from(statusPageSubscribers)
      .innerJoin(statusPages, eq(statusPages.id, statusPageSubscribers.statusPageId))
      .where(eq(statusPages.accountId, accountId))
      .groupBy(statusPageSubscribers.statusPageId));
}

export async function findSubscriberById(db: Db, id: string): Promise<SubscriberRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(statusPageSubscribers).where(eq(statusPageSubscribers.id, id)));
}
