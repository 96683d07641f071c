import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { checks, checkSchedule, checkStatuses } from '../schema';
import { RESULT_FLAGS } from './runs-results';

export type CheckRow = typeof checks.$inferSelect;

export interface CheckFilter {
  accountId: string;
  checkType?: string;
  tags?: string[];
  search?: string;
  groupId?: number;
  /** The latest status: failing (failures or errors), degraded, passing; a check that never ran matches none. */
  status?: 'passing' | 'failing' | 'degraded';
  /** A substring of `request.url`; only API checks. */
  apiCheckUrlPattern?: string;
}

const FAILING_FLAGS = RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors;

function statusCondition(status: NonNullable<CheckFilter['status']>): SQL {
  const flags = sql`${checkStatuses.flags}`;
  const test =
    status === 'failing'
      ? sql`(${flags} & ${FAILING_FLAGS}) != 0`
      : status === 'degraded'
        ? sql`(${flags} & ${FAILING_FLAGS}) = 0 and (${flags} & ${RESULT_FLAGS.isDegraded}) != 0`
        : sql`(${flags} & ${FAILING_FLAGS | RESULT_FLAGS.isDegraded}) = 0`;
  return sql`exists (select 1 from ${checkSchedule} join ${checkStatuses} on ${checkStatuses.checkNum} = ${checkSchedule.checkNum}
    where ${checkSchedule.checkId} = ${checks.id} and ${test})`;
}

function whereOf(db: Db, filter: CheckFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(checks.accountId, filter.accountId)];
  if (filter.checkType) parts.push(eq(checks.checkType, filter.checkType));
  if (filter.groupId !== undefined) parts.push(eq(checks.groupId, filter.groupId));
  if (filter.tags?.length) {
    parts.push(or(...filter.tags.map((tag) => sql`exists (select 1 from json_each(${checks.tags}) where json_each.value = ${tag})`)));
  }
  if (filter.status) parts.push(statusCondition(filter.status));
  if (filter.apiCheckUrlPattern !== undefined) {
    parts.push(eq(checks.checkType, 'API'), sql`instr(coalesce(json_extract(${checks.body}, '$.request.url'), ''), ${filter.apiCheckUrlPattern}) > 0`);
  }
  if (filter.search) parts.push(sql`${checks.id} in (select value from json_each(${JSON.stringify(idsMatching(db, and(...parts), filter.search))}))`);
  return and(...parts);
}

/** SQLite folds only ASCII case, so the name match runs here: a case-insensitive substring in any script. */
function idsMatching(db: Db, where: SQL | undefined, search: string): string[] {
  const needle = search.toLowerCase();
  return db
    .select({ id: checks.id, name: checks.name })
    .from(checks)
    .where(where)
    .all()
    .filter((row) => row.name.toLowerCase().includes(needle))
    .map((row) => row.id);
}

export function listChecks(db: Db, filter: CheckFilter, limit: number, offset: number): CheckRow[] {
  return db
    .select()
    .from(checks)
    .where(whereOf(db, filter))
    .orderBy(desc(checks.createdAt), asc(checks.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countChecks(db: Db, filter: CheckFilter): number {
  return db.select({ n: count() }).from(checks).where(whereOf(db, filter)).get()?.n ?? 0;
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
