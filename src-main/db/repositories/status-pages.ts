import { and, asc, desc, eq, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { statusPageCards, statusPageCardServices, statusPages, statusPageServices } from '../schema';
import type { StatusPageServiceRow } from './status-page-services';

export type StatusPageRow = typeof statusPages.$inferSelect;
export type StatusPageCardRow = typeof statusPageCards.$inferSelect;

export interface StatusPageCardRecord {
  card: StatusPageCardRow;
  services: StatusPageServiceRow[];
}

export function insertStatusPage(db: Db, row: StatusPageRow): void {
  db.insert(statusPages).values(row).run();
}

export function replaceStatusPage(db: Db, row: StatusPageRow): void {
  db.update(statusPages)
    .set(row)
    .where(and(eq(statusPages.accountId, row.accountId), eq(statusPages.id, row.id)))
    .run();
}

export function findStatusPage(db: Db, accountId: string, id: string): StatusPageRow | undefined {
  return db
    .select()
    .from(statusPages)
    .where(and(eq(statusPages.accountId, accountId), eq(statusPages.id, id)))
    .get();
}

/** Slugs are unique across the install (every account), as in the public API. */
export function isStatusPageUrlTaken(db: Db, url: string, exceptId: string | null): boolean {
  const where = exceptId ? and(eq(statusPages.url, url), ne(statusPages.id, exceptId)) : eq(statusPages.url, url);
  return db.select({ id: statusPages.id }).from(statusPages).where(where).get() !== undefined;
}

/** Newest first; `from` (inclusive) is the first row of the page when paging. */
export function listStatusPages(db: Db, accountId: string, limit: number, from?: StatusPageRow): StatusPageRow[] {
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
  return db
    .select()
    .from(statusPages)
    .where(and(...parts))
    .orderBy(desc(statusPages.createdAt), desc(statusPages.id))
    .limit(limit)
    .all();
}

export function deleteStatusPage(db: Db, accountId: string, id: string): boolean {
  return (
    db
      .delete(statusPages)
      .where(and(eq(statusPages.accountId, accountId), eq(statusPages.id, id)))
      .run().changes > 0
  );
}

export interface NewCard {
  card: StatusPageCardRow;
  serviceIds: readonly string[];
}

/** Replaces every card of a page (their services go with them through the cascade). */
export function replaceStatusPageCards(db: Db, statusPageId: string, cards: readonly NewCard[]): void {
  db.delete(statusPageCards).where(eq(statusPageCards.statusPageId, statusPageId)).run();
  for (const { card, serviceIds } of cards) {
    db.insert(statusPageCards).values(card).run();
    if (serviceIds.length > 0) {
      db.insert(statusPageCardServices)
        .values(serviceIds.map((serviceId, position) => ({ cardId: card.id, serviceId, position })))
        .run();
    }
  }
}

/** The cards of each page in order, each with its services in order. */
export function cardsOfStatusPages(db: Db, statusPageIds: readonly string[]): Map<string, StatusPageCardRecord[]> {
  const result = new Map<string, StatusPageCardRecord[]>(statusPageIds.map((id) => [id, []]));
  if (statusPageIds.length === 0) return result;
  const cards = db
    .select()
    .from(statusPageCards)
    .where(inArray(statusPageCards.statusPageId, [...statusPageIds]))
    .orderBy(asc(statusPageCards.statusPageId), asc(statusPageCards.position))
    .all();
  const byCard = new Map<string, StatusPageCardRecord>();
  for (const card of cards) {
    const record: StatusPageCardRecord = { card, services: [] };
    byCard.set(card.id, record);
    result.get(card.statusPageId)?.push(record);
  }
  if (cards.length === 0) return result;
  const services = db
    .select({ cardId: statusPageCardServices.cardId, service: statusPageServices })
    .from(statusPageCardServices)
    .innerJoin(statusPageServices, eq(statusPageServices.id, statusPageCardServices.serviceId))
    .where(inArray(statusPageCardServices.cardId, [...byCard.keys()]))
    .orderBy(asc(statusPageCardServices.cardId), asc(statusPageCardServices.position))
    .all();
  for (const row of services) byCard.get(row.cardId)?.services.push(row.service);
  return result;
}

export function setStatusPagePublished(db: Db, accountId: string, id: string, published: boolean, updatedAt: string): boolean {
  return (
    db
      .update(statusPages)
      .set({ published, updatedAt })
      .where(and(eq(statusPages.accountId, accountId), eq(statusPages.id, id)))
      .run().changes > 0
  );
}

/** The page at a slug, in any account (slugs are unique across the install). */
export function findStatusPageBySlug(db: Db, slug: string): StatusPageRow | undefined {
  return db.select().from(statusPages).where(eq(statusPages.url, slug)).get();
}
