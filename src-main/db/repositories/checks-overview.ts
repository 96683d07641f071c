import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { connectionOf, transactionSync, type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkAlertStates, checkGroups, checkResults, checks, checkSchedule, checkStatuses, perDialect } from '../tables';
import { checkFilterWhere, FAILING_FLAGS, type CheckFilter } from './checks';
import { checkOwnedByCode } from './project-views';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';
import { all, allSql } from "../dialect";

// The Monitors list (checks.overview): health first, paged and sorted in SQL. Check CRUD is checks.ts.

/**
 * A monitor's health as a sortable rank, from its row and its check_statuses row (the latest
 * FINAL verdict): failing 0, degraded 1, passing 2, not run yet 3, paused 4. Paused wins; "failing"
 * is the same bit test as the `status` filter (checks.ts).
 */
export const HEALTH_RANKS = { failing: 0, degraded: 1, passing: 2, 'not-run': 3, paused: 4 } as const;
export type HealthName = keyof typeof HEALTH_RANKS;

const n = (value: number) => sql.raw(String(value));
const healthRank = perDialect(() => sql<number>`(case when ${checks.activated} = 0 then ${n(HEALTH_RANKS.paused)}
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
 * SQLite's lower() and NOCASE fold ASCII only ("Zürich" would sort after "Zz"), so the overview's
 * sort key is a deterministic function of ours, registered once per connection (about 1 µs a row).
 */
function registerFunctions(db: Db): void {
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

const byName = perDialect(() => sql`${sql.raw(NAME_KEY_FUNCTION)}(${checks.name})`);

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
  return transactionSync(db, (tx) => overviewPageIn(tx, filter, sort, descending, limit, offset), 'deferred');
}

function overviewPageIn(db: Db, filter: OverviewFilter, sort: OverviewSort, descending: boolean, limit: number, offset: number): OverviewPage {
  const base = overviewBaseWhere(filter);
  const ranks = (filter.healthRanks ?? []).filter((rank) => Number.isInteger(rank));
  const counted = db
    .select({ rank: healthRank(), n: count() })
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(base)
    .groupBy(healthRank())
    .all();
  const counts = new Map(counted.map((row) => [row.rank, row.n]));
  const shown = ranks.length > 0 ? ranks : [...counts.keys()];
  const matching = shown.reduce((sum, rank) => sum + (counts.get(rank) ?? 0), 0);
  if (matching <= offset) return { counts, ids: [] };
  const window = sort === 'health' ? healthWindow(counts, shown, descending, limit, offset) : { ranks: shown, offset };
  const ids = db
    .select({ id: checks.id })
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .where(and(base, ranks.length > 0 || window.ranks.length < shown.length ? sql`${healthRank()} in (${sql.join(window.ranks.map(n), sql`, `)})` : undefined))
    .orderBy(...overviewOrder(sort, descending))
    .limit(limit)
    .offset(window.offset)
    .all()
    .map((row) => row.id);
  return { counts, ids };
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
  const json = (path: string) => sql<unknown>`json_extract(${checks.body}, ${path})`;
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
        heartbeat: json('$.heartbeat'),
        frequency: json('$.frequency'),
        frequencyOffset: json('$.frequencyOffset'),
        checkNum: checkSchedule.checkNum,
        rank: healthRank(),
        statusUpdatedAt: checkStatuses.updatedAt,
        flapping: sql<number>`coalesce(json_extract(${checkAlertStates.state}, '$.flap.flapping'), 0)`,
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
  return (await allSql<{ tag: string }>(db, sql`select distinct j.value as tag from ${checks}, json_each(${checks.tags}) j
      where ${checks.accountId} = ${accountId} and j.type = 'text' order by j.value limit 1000`))
    .map((row) => row.tag);
}
