import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { Db } from '../connection';
import { foldName } from '../name-fold';
import { prepared } from '../prepared';
import { alertSubscriptions, checkGroups, checkResults, checks, checkSchedule, checkStatuses } from '../schema';
import { checkOwnedByCode } from './project-views';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';

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

function whereOf(filter: CheckFilter): SQL | undefined {
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

// ---------------------------------------------------------------------------------------------
// The Monitors list (checks.overview): health first, paged and sorted in SQL.

/**
 * A monitor's health as a sortable rank, from its row and its check_statuses row (the latest
 * FINAL verdict): failing 0, degraded 1, passing 2, not run yet 3, paused 4. Paused wins; "failing"
 * is the same bit test as the `status` filter above.
 */
export const HEALTH_RANKS = { failing: 0, degraded: 1, passing: 2, 'not-run': 3, paused: 4 } as const;
export type HealthName = keyof typeof HEALTH_RANKS;

const n = (value: number) => sql.raw(String(value));
const healthRank = sql<number>`(case when ${checks.activated} = 0 then ${n(HEALTH_RANKS.paused)}
  when ${checkStatuses.checkNum} is null then ${n(HEALTH_RANKS['not-run'])}
  when (${checkStatuses.flags} & ${n(FAILING_FLAGS)}) != 0 then ${n(HEALTH_RANKS.failing)}
  when (${checkStatuses.flags} & ${n(RESULT_FLAGS.isDegraded)}) != 0 then ${n(HEALTH_RANKS.degraded)}
  else ${n(HEALTH_RANKS.passing)} end)`;

export type OverviewSort = 'health' | 'name' | 'lastRun' | 'created';

export interface OverviewFilter extends Omit<CheckFilter, 'status' | 'apiCheckUrlPattern'> {
  /** Only checks in no group (groupId is then ignored). */
  noGroup?: boolean;
  /** Any of these health ranks (HEALTH_RANKS values). */
  healthRanks?: number[];
  /** Owned by a project of monitoring as code (any, or `projectId`), or by none. */
  ownedByCode?: { owned: boolean; projectId?: string };
}

/** Lower case without accents ("Zürich" → "zurich"): names sort as people read them, in any script. */
function nameSortKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

const NAME_KEY_FUNCTION = 'sightline_name_key';
const withFunctions = new WeakSet<object>();

/**
 * SQLite's lower() and NOCASE fold ASCII only ("Zürich" would sort after "Zz"), so the overview's
 * sort key is a deterministic function of ours, registered once per connection (about 1 µs a row).
 */
function registerFunctions(db: Db): void {
  const client = (db as unknown as { session: { client: Database.Database } }).session.client;
  if (withFunctions.has(client)) return;
  client.function(NAME_KEY_FUNCTION, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? nameSortKey(value) : value));
  withFunctions.add(client);
}

function overviewBaseWhere(filter: OverviewFilter): SQL | undefined {
  const { noGroup, healthRanks: _healthRanks, ownedByCode, ...base } = filter;
  return and(
    whereOf(noGroup ? { ...base, groupId: undefined } : base),
    noGroup ? sql`${checks.groupId} is null` : undefined,
    ownedByCode ? checkOwnedByCode(ownedByCode.owned, ownedByCode.projectId) : undefined,
  );
}

const byName = sql`${sql.raw(NAME_KEY_FUNCTION)}(${checks.name})`;

function overviewOrder(sort: OverviewSort, descending: boolean): SQL[] {
  const dir = (expression: SQL) => (descending ? sql`${expression} desc` : sql`${expression} asc`);
  const tail = [sql`${byName} asc`, asc(checks.name), asc(checks.id)];
  switch (sort) {
    case 'health':
      return [dir(healthRank), ...tail];
    case 'name':
      return [dir(byName), dir(sql`${checks.name}`), dir(sql`${checks.id}`)];
    // Never run sorts after every run in either direction.
    case 'lastRun':
      return [sql`${checkStatuses.updatedAt} is null`, dir(sql`${checkStatuses.updatedAt}`), ...tail];
    case 'created':
      return [dir(sql`${checks.createdAt}`), ...tail];
  }
}

export interface OverviewPage {
  /** Checks per health rank matching every filter but the health one. */
  counts: Map<number, number>;
  /** The page's check ids, in order. */
  ids: string[];
}

/**
 * The counts per health and the ids of one page of the Monitors list. Only the small columns take
 * part in the sort (the bodies are read afterwards, for the page's rows alone); the joins are one
 * unique-index and one primary-key lookup per check. The filter (and its name search) is worked
 * out once for both queries.
 */
export function overviewPage(db: Db, filter: OverviewFilter, sort: OverviewSort, descending: boolean, limit: number, offset: number): OverviewPage {
  registerFunctions(db);
  const base = overviewBaseWhere(filter);
  const ranks = (filter.healthRanks ?? []).filter((rank) => Number.isInteger(rank));
  const counted = db
    .select({ rank: healthRank, n: count() })
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(base)
    .groupBy(healthRank)
    .all();
  const counts = new Map(counted.map((row) => [row.rank, row.n]));
  const matching = ranks.length > 0 ? ranks.reduce((sum, rank) => sum + (counts.get(rank) ?? 0), 0) : counted.reduce((sum, row) => sum + row.n, 0);
  if (matching <= offset) return { counts, ids: [] };
  const ids = db
    .select({ id: checks.id })
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(and(base, ranks.length > 0 ? sql`${healthRank} in (${sql.join(ranks.map(n), sql`, `)})` : undefined))
    .orderBy(...overviewOrder(sort, descending))
    .limit(limit)
    .offset(offset)
    .all()
    .map((row) => row.id);
  return { counts, ids };
}

export interface OverviewRow {
  id: string;
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  groupId: number | null;
  groupName: string | null;
  tags: string[];
  createdAt: string;
  hostname: unknown;
  url: unknown;
  frequency: unknown;
  frequencyOffset: unknown;
  checkNum: number | null;
  rank: number;
  statusUpdatedAt: number | null;
}

/** The rows of the given checks (one page), with only the few body members the list shows. */
export function overviewRows(db: Db, accountId: string, ids: readonly string[]): OverviewRow[] {
  if (ids.length === 0) return [];
  const json = (path: string) => sql<unknown>`json_extract(${checks.body}, ${path})`;
  return db
    .select({
      id: checks.id,
      name: checks.name,
      checkType: checks.checkType,
      activated: checks.activated,
      muted: checks.muted,
      groupId: checks.groupId,
      groupName: checkGroups.name,
      tags: checks.tags,
      createdAt: checks.createdAt,
      hostname: json('$.request.hostname'),
      url: json('$.request.url'),
      frequency: json('$.frequency'),
      frequencyOffset: json('$.frequencyOffset'),
      checkNum: checkSchedule.checkNum,
      rank: healthRank,
      statusUpdatedAt: checkStatuses.updatedAt,
    })
    .from(checks)
    .leftJoin(checkGroups, eq(checkGroups.id, checks.groupId))
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(and(eq(checks.accountId, accountId), inArray(checks.id, [...ids])))
    .all();
}

export interface RecentResultRow {
  id: number;
  startedAt: number;
  flags: number;
  responseTimeMs: number | null;
  packetsReceived: number | null;
  avgUs: number | null;
}

/** A check's newest FINAL results, newest first: one backwards walk of the (check_num, started_at) index. */
export function recentFinalResults(db: Db, checkNum: number, limit: number): RecentResultRow[] {
  return prepared(db, 'recentFinalResults', (d) =>
    d
      .select({
        id: checkResults.id,
        startedAt: checkResults.startedAt,
        flags: checkResults.flags,
        responseTimeMs: checkResults.responseTimeMs,
        packetsReceived: checkResults.packetsReceived,
        avgUs: checkResults.avgUs,
      })
      .from(checkResults)
      .where(and(eq(checkResults.checkNum, sql.placeholder('checkNum')), eq(checkResults.resultType, RESULT_TYPE_CODE.FINAL)))
      .orderBy(desc(checkResults.startedAt), desc(checkResults.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  ).all({ checkNum, limit });
}

/** Every tag the account's checks carry, sorted (for the tag filter's suggestions). */
export function distinctCheckTags(db: Db, accountId: string): string[] {
  return db
    .all<{ tag: string }>(sql`select distinct j.value as tag from ${checks}, json_each(${checks.tags}) j
      where ${checks.accountId} = ${accountId} and j.type = 'text' order by j.value limit 1000`)
    .map((row) => row.tag);
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
