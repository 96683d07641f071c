import { and, asc, desc, eq, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { statusPageCards, statusPageCardServices, statusPages, statusPageServices } from '../tables';
import type { StatusPageServiceRow } from './status-page-services';
import { all, get, run } from "../dialect";

export type StatusPageRow = typeof statusPages.$inferSelect;
export type StatusPageCardRow = typeof statusPageCards.$inferSelect;

export interface StatusPageCardRecord {
  card: StatusPageCardRow;
  services: StatusPageServiceRow[];
}

export async function insertStatusPage(db: Db, row: StatusPageRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(statusPages).values(row));
}

export async function replaceStatusPage(db: Db, row: StatusPageRow): Promise<void> {
  db = await ready(db);
  await run(db.update(statusPages)
        .set(row)
        .where(and(eq(statusPages.accountId, row.accountId), eq(statusPages.id, row.id))));
}

export async function findStatusPage(db: Db, accountId: string, id: string): Promise<StatusPageRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(statusPages)
      .where(and(eq(statusPages.accountId, accountId), eq(statusPages.id, id))));
}

/** Slugs are unique across the install (every account), as in the public API. */
export async function isStatusPageUrlTaken(db: Db, url: string, exceptId: string | null): Promise<boolean> {
  db = await ready(db);
  const where = exceptId ? and(eq(statusPages.url, url), ne(statusPages.id, exceptId)) : eq(statusPages.url, url);
  return await get(db.select({ id: statusPages.id }).from(statusPages).where(where)) !== undefined;
}

/** Newest first; `from` (inclusive) is the first row of the page when paging. */
export async function listStatusPages(db: Db, accountId: string, limit: number, from?: StatusPageRow): Promise<StatusPageRow[]> {
  db = await ready(db);
  const parts: (SQL | undefined)[] = [eq(statusPages.accountId, accountId)];
  if (from) {
    parts.push(
      or(
        lt(statusPages.createdAt, from.createdAt),
        and(eq(statusPages.createdAt, from.createdAt), lt(statusPages.id, from.id)),
        eq(statusPages.id, from.id),
      ),
    );
  }
  return await all(db
      .select()
      .from(statusPages)
      .where(and(...parts))
      .orderBy(desc(statusPages.createdAt), desc(statusPages.id))
      .limit(limit));
}

export async function deleteStatusPage(db: Db, accountId: string, id: string): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .delete(statusPages)
            .where(and(eq(statusPages.accountId, accountId), eq(statusPages.id, id))))).changes > 0
  );
}

export interface NewCard {
  card: StatusPageCardRow;
  serviceIds: readonly string[];
}

/** Replaces every card of a page (their services go with them through the cascade). */
export async function replaceStatusPageCards(db: Db, statusPageId: string, cards: readonly NewCard[]): Promise<void> {
  db = await ready(db);
  await run(db.delete(statusPageCards).where(eq(statusPageCards.statusPageId, statusPageId)));
  for (const { card, serviceIds } of cards) {
    await run(db.insert(statusPageCards).values(card));
    if (serviceIds.length > 0) {
      await run(db.insert(statusPageCardServices)
                .values(serviceIds.map((serviceId, position) => ({ cardId: card.id, serviceId, position }))));
    }
  }
}

/** The cards of each page in order, each with its services in order. */
export async function cardsOfStatusPages(db: Db, statusPageIds: readonly string[]): Promise<Map<string, StatusPageCardRecord[]>> {
  db = await ready(db);
  const result = new Map<string, StatusPageCardRecord[]>(statusPageIds.map((id) => [id, []]));
  if (statusPageIds.length === 0) return result;
  const cards = await all(db
      .select()
      .from(statusPageCards)
      .where(inArray(statusPageCards.statusPageId, [...statusPageIds]))
      .orderBy(asc(statusPageCards.statusPageId), asc(statusPageCards.position)));
  const byCard = new Map<string, StatusPageCardRecord>();
  for (const card of cards) {
    const record: StatusPageCardRecord = { card, services: [] };
    byCard.set(card.id, record);
    result.get(card.statusPageId)?.push(record);
  }
  if (cards.length === 0) return result;
  const services = await all(db
      .select({ cardId: statusPageCardServices.cardId, service: statusPageServices })
      .from(statusPageCardServices)
      .innerJoin(statusPageServices, eq(statusPageServices.id, statusPageCardServices.serviceId))
      .where(inArray(statusPageCardServices.cardId, [...byCard.keys()]))
      .orderBy(asc(statusPageCardServices.cardId), asc(statusPageCardServices.position)));
  for (const row of services) byCard.get(row.cardId)?.services.push(row.service);
  return result;
}

export async function setStatusPagePublished(db: Db, accountId: string, id: string, published: boolean, updatedAt: string): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .update(statusPages)
            .set({ published, updatedAt })
            .where(and(eq(statusPages.accountId, accountId), eq(statusPages.id, id))))).changes > 0
  );
}

/** The page at a slug, in any account (slugs are unique across the install). */
export async function findStatusPageBySlug(db: Db, slug: string): Promise<StatusPageRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(statusPages).where(eq(statusPages.url, slug)));
}
