import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { statusPageServices } from '../schema';

export type StatusPageServiceRow = typeof statusPageServices.$inferSelect;

export function insertStatusPageService(db: Db, row: StatusPageServiceRow): void {
  db.insert(statusPageServices).values(row).run();
}

export function findStatusPageService(db: Db, accountId: string, id: string): StatusPageServiceRow | undefined {
  return db
    .select()
    .from(statusPageServices)
    .where(and(eq(statusPageServices.accountId, accountId), eq(statusPageServices.id, id)))
    .get();
}

export function findStatusPageServices(db: Db, accountId: string, ids: readonly string[]): StatusPageServiceRow[] {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(statusPageServices)
    .where(and(eq(statusPageServices.accountId, accountId), inArray(statusPageServices.id, [...ids])))
    .all();
}

/** Newest first; `from` (inclusive) is the first row of the page when paging; no `limit` reads them all. */
export function listStatusPageServices(db: Db, accountId: string, limit: number | null, from?: StatusPageServiceRow): StatusPageServiceRow[] {
  const parts: (SQL | undefined)[] = [eq(statusPageServices.accountId, accountId)];
  if (from) {
    parts.push(
      or(
        lt(statusPageServices.createdAt, from.createdAt),
        and(eq(statusPageServices.createdAt, from.createdAt), lt(statusPageServices.id, from.id)),
        eq(statusPageServices.id, from.id),
      ),
    );
  }
  const query = db
    .select()
    .from(statusPageServices)
    .where(and(...parts))
    .orderBy(desc(statusPageServices.createdAt), desc(statusPageServices.id));
  return limit === null ? query.all() : query.limit(limit).all();
}

export function renameStatusPageService(db: Db, accountId: string, id: string, name: string, updatedAt: string): boolean {
  return (
    db
      .update(statusPageServices)
      .set({ name, updatedAt })
      .where(and(eq(statusPageServices.accountId, accountId), eq(statusPageServices.id, id)))
      .run().changes > 0
  );
}

export function deleteStatusPageService(db: Db, accountId: string, id: string): boolean {
  return (
    db
      .delete(statusPageServices)
      .where(and(eq(statusPageServices.accountId, accountId), eq(statusPageServices.id, id)))
      .run().changes > 0
  );
}
