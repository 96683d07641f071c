import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { foldName } from '../name-fold';
import { alertSubscriptions, checks, checkSchedule, checkStatuses } from '../schema';
import { RESULT_FLAGS } from './runs-results';

/** A check as services see it; the folded name is the repository's to keep. */
export type CheckRow = Omit<typeof checks.$inferSelect, 'nameFolded'>;

const { nameFolded: _nameFolded, ...checkColumns } = getTableColumns(checks);

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

/** A failing run: failures or errors (the `status` filter and the Monitors list's health agree on it). */
export const FAILING_FLAGS = RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors;

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

/** The filter as one SQL condition on `checks` (the Monitors list adds its own on top, checks-overview.ts). */
export function checkFilterWhere(filter: CheckFilter): SQL | undefined {
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
  if (filter.search) parts.push(nameMatches(filter.search));
  return and(...parts);
}

/** A case-insensitive substring of the name, in any script (see name-fold.ts). */
function nameMatches(search: string): SQL {
  return sql`instr(${checks.nameFolded}, ${foldName(search)}) > 0`;
}

export function listChecks(db: Db, filter: CheckFilter, limit: number, offset: number): CheckRow[] {
  return db
    .select(checkColumns)
    .from(checks)
    .where(checkFilterWhere(filter))
    .orderBy(desc(checks.createdAt), asc(checks.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countChecks(db: Db, filter: CheckFilter): number {
  return db.select({ n: count() }).from(checks).where(checkFilterWhere(filter)).get()?.n ?? 0;
}

export function findCheck(db: Db, accountId: string, id: string): CheckRow | undefined {
  return db
    .select(checkColumns)
    .from(checks)
    .where(and(eq(checks.accountId, accountId), eq(checks.id, id)))
    .get();
}

export function insertCheck(db: Db, row: CheckRow): void {
  db.insert(checks).values({ ...row, nameFolded: foldName(row.name) }).run();
}

export function replaceCheck(db: Db, row: CheckRow): void {
  db.update(checks)
    .set({ ...row, nameFolded: foldName(row.name) })
    .where(and(eq(checks.accountId, row.accountId), eq(checks.id, row.id)))
    .run();
}

export function deleteCheck(db: Db, accountId: string, id: string): boolean {
  return db
    .delete(checks)
    .where(and(eq(checks.accountId, accountId), eq(checks.id, id)))
    .run().changes > 0;
}

/** The account's check ids (and names) among `ids`; an id of another account or a deleted check is left out. */
export function checkNamesOf(db: Db, accountId: string, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ id: checks.id, name: checks.name })
    .from(checks)
    .where(and(eq(checks.accountId, accountId), inArray(checks.id, [...ids])))
    .all();
  return new Map(rows.map((row) => [row.id, row.name]));
}

function notSubscribedTo(accountId: string, alertChannelId: number): SQL | undefined {
  return and(
    eq(checks.accountId, accountId),
    sql`not exists (select 1 from ${alertSubscriptions} where ${alertSubscriptions.alertChannelId} = ${alertChannelId} and ${alertSubscriptions.checkId} = ${checks.id})`,
  );
}

/** The ids of the account's checks that have no subscription to the channel, oldest first. */
export function checkIdsNotSubscribedTo(db: Db, accountId: string, alertChannelId: number): string[] {
  return db
    .select({ id: checks.id })
    .from(checks)
    .where(notSubscribedTo(accountId, alertChannelId))
    .orderBy(asc(checks.createdAt), asc(checks.id))
    .all()
    .map((row) => row.id);
}

/** How many of the account's checks have no subscription to the channel. */
export function countChecksNotSubscribedTo(db: Db, accountId: string, alertChannelId: number): number {
  return db.select({ n: count() }).from(checks).where(notSubscribedTo(accountId, alertChannelId)).get()?.n ?? 0;
}
