import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { statusPageServices } from '../tables';
import { all, get, run } from "../dialect";

export type StatusPageServiceRow = typeof statusPageServices.$inferSelect;

export async function insertStatusPageService(db: Db, row: StatusPageServiceRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(statusPageServices).values(row));
}

export async function findStatusPageService(db: Db, accountId: string, id: string): Promise<StatusPageServiceRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(statusPageServices)
      .where(and(eq(statusPageServices.accountId, accountId), eq(statusPageServices.id, id))));
}

export async function findStatusPageServices(db: Db, accountId: string, ids: readonly string[]): Promise<StatusPageServiceRow[]> {
  db = await ready(db);
  if (ids.length === 0) return [];
  return await all(db
      .select()
      .from(statusPageServices)
      .where(and(eq(statusPageServices.accountId, accountId), inArray(statusPageServices.id, [...ids]))));
}

/** Newest first; `from` (inclusive) is the first row of the page when paging; no `limit` reads them all. */
export async function listStatusPageServices(db: Db, accountId: string, limit: number | null, from?: StatusPageServiceRow): Promise<StatusPageServiceRow[]> {
  db = await ready(db);
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
  return limit === null ? await all(query) : await all(query.limit(limit));
}

export async function renameStatusPageService(db: Db, accountId: string, id: string, name: string, updatedAt: string): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .update(statusPageServices)
            .set({ name, updatedAt })
            .where(and(eq(statusPageServices.accountId, accountId), eq(statusPageServices.id, id))))).changes > 0
  );
}

export async function deleteStatusPageService(db: Db, accountId: string, id: string): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .delete(statusPageServices)
            .where(and(eq(statusPageServices.accountId, accountId), eq(statusPageServices.id, id))))).changes > 0
  );
}
