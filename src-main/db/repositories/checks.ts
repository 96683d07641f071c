import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { checks } from '../schema';

export type CheckRow = typeof checks.$inferSelect;

export interface CheckFilter {
  accountId: string;
  checkType?: string;
  tags?: string[];
  search?: string;
  groupId?: number;
}

function whereOf(filter: CheckFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(checks.accountId, filter.accountId)];
  if (filter.checkType) parts.push(eq(checks.checkType, filter.checkType));
  if (filter.groupId !== undefined) parts.push(eq(checks.groupId, filter.groupId));
  if (filter.search) parts.push(sql`${checks.name} LIKE ${`%${escapeLike(filter.search)}%`} ESCAPE '\\'`);
  if (filter.tags?.length) {
    parts.push(or(...filter.tags.map((tag) => sql`exists (select 1 from json_each(${checks.tags}) where json_each.value = ${tag})`)));
  }
  return and(...parts);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function listChecks(db: Db, filter: CheckFilter, limit: number, offset: number): CheckRow[] {
  return db
    .select()
    .from(checks)
    .where(whereOf(filter))
    .orderBy(desc(checks.createdAt), asc(checks.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countChecks(db: Db, filter: CheckFilter): number {
  return db.select({ n: count() }).from(checks).where(whereOf(filter)).get()?.n ?? 0;
}

export function findCheck(db: Db, accountId: string, id: string): CheckRow | undefined {
  return db
    .select()
    .from(checks)
    .where(and(eq(checks.accountId, accountId), eq(checks.id, id)))
    .get();
}

export function insertCheck(db: Db, row: CheckRow): void {
  db.insert(checks).values(row).run();
}

export function replaceCheck(db: Db, row: CheckRow): void {
  db.update(checks)
    .set(row)
    .where(and(eq(checks.accountId, row.accountId), eq(checks.id, row.id)))
    .run();
}

export function deleteCheck(db: Db, accountId: string, id: string): boolean {
  return db
    .delete(checks)
    .where(and(eq(checks.accountId, accountId), eq(checks.id, id)))
    .run().changes > 0;
}
