import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, lte, max, min, ne, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { incidentServices, incidentUpdates, statusPageCards, statusPageCardServices, statusPageEmails, statusPages, statusPageSubscribers, perDialect } from '../tables';
import { all, get, onPostgres, run, runSql } from "../dialect";

export type SubscriberEmailRow = typeof statusPageEmails.$inferSelect;

export async function insertSubscriberEmail(db: Db, row: SubscriberEmailRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(statusPageEmails).values(row));
}

/**
 * Queues the incident update for every confirmed subscriber of each published, public page of the
 * account that shows one of the incident's services (once per subscription). Answers how many.
 */
export async function enqueueUpdateEmails(db: Db, accountId: string, incidentUpdateId: string, now: number): Promise<number> {
  db = await ready(db);
  const pagesShowingIt = db
    .selectDistinct({ id: statusPageCards.statusPageId })
    .from(statusPageCards)
    .innerJoin(statusPageCardServices, eq(statusPageCardServices.cardId, statusPageCards.id))
    .innerJoin(incidentServices, eq(incidentServices.serviceId, statusPageCardServices.serviceId))
    .innerJoin(incidentUpdates, eq(incidentUpdates.incidentId, incidentServices.incidentId))
    .where(eq(incidentUpdates.id, incidentUpdateId));
  if (onPostgres()) {
    // A parameter in the select list of insert … select is text unless cast; the id is 32 hex digits as on SQLite.
    return (await runSql(db, sql`insert into ${statusPageEmails} (id, account_id, status_page_id, subscriber_id, kind, incident_update_id, status, attempts, next_attempt_at, created_at)
    select replace(gen_random_uuid()::text, '-', ''), ${statusPages.accountId}, ${statusPageSubscribers.statusPageId}, ${statusPageSubscribers.id}, 'UPDATE', ${incidentUpdateId}::text, 'PENDING', 0, ${now}::bigint, ${now}::bigint
    from ${statusPageSubscribers} inner join ${statusPages} on ${statusPages.id} = ${statusPageSubscribers.statusPageId}
    where ${statusPages.accountId} = ${accountId} and ${statusPages.published} and not ${statusPages.isPrivate}
      and ${statusPageSubscribers.confirmedAt} is not null and ${statusPageSubscribers.statusPageId} in ${pagesShowingIt}`)).changes;
  }
  return (await runSql(db, sql`insert into ${statusPageEmails} (id, account_id, status_page_id, subscriber_id, kind, incident_update_id, status, attempts, next_attempt_at, created_at)
    select lower(hex(randomblob(16))), ${statusPages.accountId}, ${statusPageSubscribers.statusPageId}, ${statusPageSubscribers.id}, 'UPDATE', ${incidentUpdateId}, 'PENDING', 0, ${now}, ${now}
    from ${statusPageSubscribers} inner join ${statusPages} on ${statusPages.id} = ${statusPageSubscribers.statusPageId}
    where ${statusPages.accountId} = ${accountId} and ${statusPages.published} = 1 and ${statusPages.isPrivate} = 0
      and ${statusPageSubscribers.confirmedAt} is not null and ${statusPageSubscribers.statusPageId} in ${pagesShowingIt}`)).changes;
}

/** Confirmation mails the page queued after `since` (epoch ms), and when the oldest of them was queued. */
export async function confirmationsOfPageSince(db: Db, statusPageId: string, since: number): Promise<{ count: number; oldest: number | null }> {
  db = await ready(db);
  const row = await get(db
      .select({ count: count(), oldest: min(statusPageEmails.createdAt) })
      .from(statusPageEmails)
      .where(and(eq(statusPageEmails.statusPageId, statusPageId), eq(statusPageEmails.kind, 'CONFIRM'), gt(statusPageEmails.createdAt, since))));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** Confirmation mails queued for one subscription, and when the latest was queued (epoch ms). */
export async function confirmationsOfSubscriber(db: Db, subscriberId: string): Promise<{ count: number; latest: number | null }> {
  db = await ready(db);
  const row = await get(db
      .select({ count: count(), latest: max(statusPageEmails.createdAt) })
      .from(statusPageEmails)
      .where(and(eq(statusPageEmails.subscriberId, subscriberId), eq(statusPageEmails.kind, 'CONFIRM'))));
  return { count: row?.count ?? 0, latest: row?.latest ?? null };
}

export async function findSubscriberEmail(db: Db, id: string): Promise<SubscriberEmailRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(statusPageEmails).where(eq(statusPageEmails.id, id)));
}

// Written out so SQLite can use the partial index status_page_emails_due.
const pending = perDialect(() => sql`${statusPageEmails.status} = 'PENDING'`);

/** PENDING mail whose next attempt is due, oldest first. */
export async function listDueSubscriberEmails(db: Db, now: number, limit: number): Promise<SubscriberEmailRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(statusPageEmails)
      .where(and(pending(), lte(statusPageEmails.nextAttemptAt, now)))
      .orderBy(asc(statusPageEmails.nextAttemptAt), asc(statusPageEmails.createdAt))
      .limit(limit));
}

export async function nextSubscriberEmailDueAt(db: Db): Promise<number | null> {
  db = await ready(db);
  return (
    (await get(db
            .select({ at: statusPageEmails.nextAttemptAt })
            .from(statusPageEmails)
            .where(and(pending(), isNotNull(statusPageEmails.nextAttemptAt)))
            .orderBy(asc(statusPageEmails.nextAttemptAt))
            .limit(1)))?.at ?? null
  );
}

/** After a restart: mail caught mid-send is due at once. */
export async function releaseInterruptedSubscriberEmails(db: Db, now: number): Promise<number> {
  db = await ready(db);
  return (await run(db
      .update(statusPageEmails)
      .set({ nextAttemptAt: now })
      .where(and(pending(), isNotNull(statusPageEmails.sendingAt))))).changes;
}

export async function updateSubscriberEmail(db: Db, id: string, patch: Partial<Omit<SubscriberEmailRow, 'id'>>): Promise<void> {
  db = await ready(db);
  await run(db.update(statusPageEmails).set(patch).where(eq(statusPageEmails.id, id)));
}

/** Newest first; mails of one millisecond in insertion order (SQLite's rowid), by id on PostgreSQL (no rowid). */
const NEWEST_MAIL_FIRST = perDialect(() =>
  onPostgres() ? [desc(statusPageEmails.createdAt), desc(statusPageEmails.id)] : [desc(statusPageEmails.createdAt), desc(sql`${statusPageEmails}.rowid`)],
);

/** The newest mail of each subscriber (one indexed look-up each). */
export async function latestEmailsOfSubscribers(db: Db, subscriberIds: readonly string[]): Promise<Map<string, SubscriberEmailRow>> {
  db = await ready(db);
  const result = new Map<string, SubscriberEmailRow>();
  for (const subscriberId of subscriberIds) {
    const row = await get(db
          .select()
          .from(statusPageEmails)
          .where(eq(statusPageEmails.subscriberId, subscriberId))
          .orderBy(...NEWEST_MAIL_FIRST())
          .limit(1));
    if (row) result.set(subscriberId, row);
  }
  return result;
}

/** Deletes up to `limit` finished mails queued before `before` (epoch ms). */
export async function pruneFinishedSubscriberEmails(db: Db, before: number, limit: number): Promise<number> {
  db = await ready(db);
  const old = db
    .select({ id: statusPageEmails.id })
    .from(statusPageEmails)
    .where(and(lt(statusPageEmails.createdAt, before), ne(statusPageEmails.status, 'PENDING')))
    .limit(limit);
  return (await run(db.delete(statusPageEmails).where(inArray(statusPageEmails.id, old)))).changes;
}
