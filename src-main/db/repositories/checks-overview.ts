import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { connectionOf, transaction, transactionSync, type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkAlertStates, checkGroups, checkResults, checks, checkSchedule, checkStatuses, perDialect } from '../tables';
import { checkFilterWhere, FAILING_FLAGS, type CheckFilter } from './checks';
import { checkOwnedByCode } from './project-views';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';
import { all, allSql, onPostgres } from "../dialect";
import { jsonFlag, jsonGet, jsonText } from '../sql-fragments';

// The Monitors list (checks.overview): health first, paged and sorted in SQL. Check CRUD is checks.ts.

/**
 * A monitor's health as a sortable rank, from its row and its check_statuses row (the latest
 * FINAL verdict): failing 0, degraded 1, passing 2, not run yet 3, paused 4. Paused wins; "failing"
 * is the same bit test as the `status` filter (checks.ts).
 */
export const HEALTH_RANKS = { failing: 0, degraded: 1, passing: 2, 'not-run': 3, paused: 4 } as const;
export type HealthName = keyof typeof HEALTH_RANKS;

const n = (value: number) => sql.raw(String(value));
const healthRank = perDialect(() => sql<number>`(case when not ${checks.activated} then ${n(HEALTH_RANKS.paused)}
  when ${checkStatuses.checkNum} is null then ${n(HEALTH_RANKS['not-run'])}
  when (${checkStatuses.flags} & ${n(FAILING_FLAGS)}) != 0 then ${n(HEALTH_RANKS.failing)}
  when (${checkStatuses.flags} & ${n(RESULT_FLAGS.isDegraded)}) != 0 then ${n(HEALTH_RANKS.degraded)}
  else ${n(HEALTH_RANKS.passing)} end)`);

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
 * The same key in PostgreSQL's SQL: NFKD, combining marks (the blocks \p{M} covers for Latin,
 * Greek and Cyrillic text) dropped, lower case. PostgreSQL's lower() folds by the database's
 * collation (ASCII only under C, as in the test cluster); the accents are gone either way.
 */
const PG_NAME_KEY = (name: SQL | AnyColumn) =>
  sql`lower(regexp_replace(normalize(${name}, NFKD), '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]+', '', 'g'))`;

/**
 * SQLite's lower() and NOCASE fold ASCII only ("Zürich" would sort after "Zz"), so the overview's
 * sort key is a deterministic function of ours, registered once per connection (about 1 µs a row).
 */
function registerFunctions(db: Db): void {
  if (onPostgres()) return;
  const client = connectionOf(db);
  if (withFunctions.has(client)) return;
  client.function(NAME_KEY_FUNCTION, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? nameSortKey(value) : value));
  withFunctions.add(client);
}

function overviewBaseWhere(filter: OverviewFilter): SQL | undefined {
  const { noGroup, healthRanks: _healthRanks, ownedByCode, ...base } = filter;
  return and(
    checkFilterWhere(noGroup ? { ...base, groupId: undefined } : base),
    noGroup ? sql`${checks.groupId} is null` : undefined,
    ownedByCode ? checkOwnedByCode(ownedByCode.owned, ownedByCode.projectId) : undefined,
  );
}

const byName = perDialect(() => (onPostgres() ? PG_NAME_KEY(checks.name) : sql`${sql.raw(NAME_KEY_FUNCTION)}(${checks.name})`));

function overviewOrder(sort: OverviewSort, descending: boolean): SQL[] {
  const dir = (expression: SQL) => (descending ? sql`${expression} desc` : sql`${expression} asc`);
  const tail = [sql`${byName()} asc`, asc(checks.name), asc(checks.id)];
  switch (sort) {
    case 'health':
      return [dir(healthRank()), ...tail];
    case 'name':
      return [dir(byName()), dir(sql`${checks.name}`), dir(sql`${checks.id}`)];
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
export async function overviewPage(db: Db, filter: OverviewFilter, sort: OverviewSort, descending: boolean, limit: number, offset: number): Promise<OverviewPage> {
  db = await ready(db);
  registerFunctions(db);
  // One read snapshot: the page's window is worked out from the counts, so both must see the same statuses.
  if (onPostgres()) return transaction(db, (tx) => overviewPageInPg(tx, filter, sort, descending, limit, offset), 'deferred');
  return transactionSync(db, (tx) => overviewPageIn(tx, filter, sort, descending, limit, offset), 'deferred');
}

function overviewPageIn(db: Db, filter: OverviewFilter, sort: OverviewSort, descending: boolean, limit: number, offset: number): OverviewPage {
  const base = overviewBaseWhere(filter);
  const counts = new Map(countsQuery(db, base).all().map((row) => [row.rank, row.n]));
  const page = pageWindow(filter, counts, sort, descending, limit, offset);
  if (page === null) return { counts, ids: [] };
  const ids = idsQuery(db, base, page, sort, descending, limit)
    .all()
    .map((row) => row.id);
  return { counts, ids };
}

/** overviewPageIn on PostgreSQL, inside its REPEATABLE READ transaction. */
async function overviewPageInPg(db: Db, filter: OverviewFilter, sort: OverviewSort, descending: boolean, limit: number, offset: number): Promise<OverviewPage> {
  const base = overviewBaseWhere(filter);
  const counts = new Map((await all(countsQuery(db, base))).map((row) => [row.rank, row.n]));
  const page = pageWindow(filter, counts, sort, descending, limit, offset);
  if (page === null) return { counts, ids: [] };
  const ids = (await all(idsQuery(db, base, page, sort, descending, limit))).map((row) => row.id);
  return { counts, ids };
}

function countsQuery(db: Db, base: SQL | undefined) {
  return db
    .select({ rank: healthRank(), n: count() })
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(base)
    .groupBy(healthRank());
}

interface PageWindow {
  /** The health ranks the page's rows are taken from, and whether they must be named in the query. */
  ranks: number[];
  restrict: boolean;
  offset: number;
}

/** Which ranks (and from which offset within them) the page reads; null when the offset is past every match. */
function pageWindow(filter: OverviewFilter, counts: Map<number, number>, sort: OverviewSort, descending: boolean, limit: number, offset: number): PageWindow | null {
  const ranks = (filter.healthRanks ?? []).filter((rank) => Number.isInteger(rank));
  const shown = ranks.length > 0 ? ranks : [...counts.keys()];
  const matching = shown.reduce((sum, rank) => sum + (counts.get(rank) ?? 0), 0);
  if (matching <= offset) return null;
  const window = sort === 'health' ? healthWindow(counts, shown, descending, limit, offset) : { ranks: shown, offset };
  return { ranks: window.ranks, restrict: ranks.length > 0 || window.ranks.length < shown.length, offset: window.offset };
}

function idsQuery(db: Db, base: SQL | undefined, page: PageWindow, sort: OverviewSort, descending: boolean, limit: number) {
  return db
    .select({ id: checks.id })
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(and(base, page.restrict ? sql`${healthRank()} in (${sql.join(page.ranks.map(n), sql`, `)})` : undefined))
    .orderBy(...overviewOrder(sort, descending))
    .limit(limit)
    .offset(page.offset);
}

/**
 * Sorted by health, a page holds the checks of one or a few health ranks, and the counts say which:
 * only those are sorted by name (the first page of 10,000 monitors sorts the 200 failing ones, not
 * all 10,000 through the name key), from the page's offset within them.
 */
function healthWindow(counts: Map<number, number>, shown: readonly number[], descending: boolean, limit: number, offset: number): { ranks: number[]; offset: number } {
  const ordered = [...shown].sort((a, b) => (descending ? b - a : a - b));
  const ranks: number[] = [];
  let before = 0;
  let windowOffset = offset;
  for (const rank of ordered) {
    const n = counts.get(rank) ?? 0;
    if (n > 0 && before + n > offset && before < offset + limit) {
      if (ranks.length === 0) windowOffset = offset - before;
      ranks.push(rank);
    }
    before += n;
  }
  return { ranks, offset: windowOffset };
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
  /** A TCP or gRPC monitor's port. */
  port: unknown;
  /** A DNS monitor's name and record type. */
  query: unknown;
  recordType: unknown;
  url: unknown;
  sslHostname: unknown;
  /** A heartbeat's `heartbeat` member (JSON text), null for other types. */
  heartbeat: unknown;
  sslPort: unknown;
  frequency: unknown;
  frequencyOffset: unknown;
  checkNum: number | null;
  rank: number;
  statusUpdatedAt: number | null;
  /** 1 while the check is flapping. */
  flapping: number;
}

/** The rows of the given checks (one page), with only the few body members the list shows. */
export async function overviewRows(db: Db, accountId: string, ids: readonly string[]): Promise<OverviewRow[]> {
  db = await ready(db);
  if (ids.length === 0) return [];
  const json = (path: string) => jsonGet<unknown>(checks.body, path);
  return await all(db
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
        port: json('$.request.port'),
        query: json('$.request.query'),
        recordType: json('$.request.recordType'),
        url: json('$.request.url'),
        sslHostname: json('$.request.sslConfig.hostname'),
        sslPort: json('$.request.sslConfig.port'),
        // JSON text on both dialects (the service parses it).
        heartbeat: jsonText(checks.body, '$.heartbeat'),
        frequency: json('$.frequency'),
        frequencyOffset: json('$.frequencyOffset'),
        checkNum: checkSchedule.checkNum,
        rank: healthRank(),
        statusUpdatedAt: checkStatuses.updatedAt,
        flapping: onPostgres() ? jsonFlag(checkAlertStates.state, '$.flap.flapping', false) : sql<number>`coalesce(json_extract(${checkAlertStates.state}, '$.flap.flapping'), 0)`,
      })
      .from(checks)
      .leftJoin(checkGroups, eq(checkGroups.id, checks.groupId))
      .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
      .leftJoin(checkAlertStates, eq(checkAlertStates.checkId, checks.id))
      .where(and(eq(checks.accountId, accountId), inArray(checks.id, [...ids]))));
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
export async function recentFinalResults(db: Db, checkNum: number, limit: number): Promise<RecentResultRow[]> {
  db = await ready(db);
  return await all(prepared(db, 'recentFinalResults', (d) =>
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
    ), { checkNum, limit });
}

/** Every tag the account's checks carry, sorted (for the tag filter's suggestions). */
export async function distinctCheckTags(db: Db, accountId: string): Promise<string[]> {
  db = await ready(db);
  const query = onPostgres()
    ? sql`select distinct j.value #>> '{}' as tag from ${checks}, jsonb_array_elements(${checks.tags}) as j(value)
      where ${checks.accountId} = ${accountId} and jsonb_typeof(j.value) = 'string' order by tag limit 1000`
    : sql`select distinct j.value as tag from ${checks}, json_each(${checks.tags}) j
      where ${checks.accountId} = ${accountId} and j.type = 'text' order by j.value limit 1000`;
  return (await allSql<{ tag: string }>(db, query)).map((row) => row.tag);
}
