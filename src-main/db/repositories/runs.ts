import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkGroups, checks, checkSchedule, clusterLease, runLocationCodes, perDialect } from '../tables';
import { all, allSql, get, getSql, onPostgres, run, runSql } from "../dialect";

export type CheckRunRow = Omit<typeof checks.$inferSelect, 'nameFolded'> & { checkNum: number; nextRunAt: number | null; lastLocationIndex: number };
export type GroupRow = typeof checkGroups.$inferSelect;

/** Gives every check without one its integer surrogate (`check_num`) in one statement. */
export async function assignMissingCheckNums(db: Db, checkIds?: readonly string[]): Promise<void> {
  db = await ready(db);
  const only = checkIds && checkIds.length > 0 ? sql`and ${checks.id} in ${checkIds}` : sql``;
  await runSql(db, sql`insert into ${checkSchedule} (check_id, account_id)
    select ${checks.id}, ${checks.accountId} from ${checks}
    where not exists (select 1 from ${checkSchedule} s where s.check_id = ${checks.id}) ${only}
    on conflict do nothing`);
}

const runColumns = perDialect(() => ({
          checkNum: checkSchedule.checkNum,
          nextRunAt: checkSchedule.nextRunAt,
          lastLocationIndex: checkSchedule.lastLocationIndex,
        }));

/** Checks with their schedule row; all activated ones, or the named ones whatever their state. */
export async function listCheckRuns(db: Db, filter: { activatedOnly?: boolean; checkIds?: readonly string[]; accountId?: string; afterCheckNum?: number; limit?: number }): Promise<CheckRunRow[]> {
  db = await ready(db);
  const parts = [];
  if (filter.afterCheckNum !== undefined) parts.push(gt(checkSchedule.checkNum, filter.afterCheckNum));
  if (filter.activatedOnly) parts.push(eq(checks.activated, true));
  if (filter.checkIds) parts.push(inArray(checks.id, [...filter.checkIds]));
  if (filter.accountId) parts.push(eq(checks.accountId, filter.accountId));
  return await all(db
      .select({ ...checksColumns(), ...runColumns() })
      .from(checks)
      .innerJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .where(and(...parts))
      .orderBy(asc(checkSchedule.checkNum))
      .limit(filter.limit ?? -1));
}

function checksColumns() {
  return {
    id: checks.id,
    accountId: checks.accountId,
    checkType: checks.checkType,
    name: checks.name,
    activated: checks.activated,
    muted: checks.muted,
    groupId: checks.groupId,
    tags: checks.tags,
    body: checks.body,
    createdAt: checks.createdAt,
    updatedAt: checks.updatedAt,
  };
}

export async function listGroupsById(db: Db, ids: readonly number[]): Promise<GroupRow[]> {
  db = await ready(db);
  if (ids.length === 0) return [];
  return await all(db.select().from(checkGroups).where(inArray(checkGroups.id, [...ids])));
}

/** A cheap fingerprint of every check and group: it changes when one is created, changed or deleted. */
export interface ChecksFingerprint {
  /** Rows in checks, and the latest coalesce(updated_at, created_at) among them (ISO text). */
  checkCount: number;
  checkStamp: string;
  /** Count and latest change of check groups, as one string. */
  groups: string;
}

export async function checksFingerprint(db: Db): Promise<ChecksFingerprint> {
  db = await ready(db);
  const row = await getSql<{ c: number; cu: string | null; g: number; gu: string | null }>(db, sql`select
    (select count(*) from ${checks}) as c,
    (select max(coalesce(updated_at, created_at)) from ${checks}) as cu,
    (select count(*) from ${checkGroups}) as g,
    (select max(coalesce(updated_at, created_at)) from ${checkGroups}) as gu`);
  return { checkCount: row.c, checkStamp: row.cu ?? '', groups: `${row.g}|${row.gu ?? ''}` };
}

/** Checks created or changed at or after `stamp` (ISO text), with whether they were created after it. */
export async function checksChangedSince(db: Db, stamp: string): Promise<{ id: string; createdAfter: boolean }[]> {
  db = await ready(db);
  // The alias quoted: PostgreSQL folds an unquoted one to lower case. SQLite answers 0/1, PostgreSQL a boolean.
  return (await allSql<{ id: string; createdAfter: number | boolean }>(db, sql`select ${checks.id} as id, ${checks.createdAt} > ${stamp} as "createdAfter" from ${checks}
        where coalesce(${checks.updatedAt}, ${checks.createdAt}) >= ${stamp}`))
    .map((row) => ({ id: row.id, createdAfter: row.createdAfter === 1 || row.createdAfter === true }));
}

/**
 * Whether the lease still names this node with this term (team mode), read in the caller's
 * transaction before the scheduler writes anything: a server that lost the lead (its lease taken
 * by another after a pause, a cut, a slow beat) starts no slot and moves no schedule, even from a
 * transaction it began before it noticed. A takeover that commits between this read and the
 * caller's commit is the one window left; the unique planned slot of `check_sessions` still keeps a
 * slot from running twice then. Always true on SQLite (one server).
 */
export async function stillLeads(db: Db, fence: { nodeId: string; term: number | null }): Promise<boolean> {
  db = await ready(db);
  if (!onPostgres()) return true;
  if (fence.term === null) return false;
  const row = await get(
    db
      .select({ id: clusterLease.id })
      .from(clusterLease)
      .where(and(eq(clusterLease.id, 1), eq(clusterLease.leaderNodeId, fence.nodeId), eq(clusterLease.term, fence.term))),
  );
  return row !== undefined;
}

export interface ScheduleUpdate {
  checkNum: number;
  nextRunAt: number;
  lastLocationIndex?: number;
}

export async function updateSchedules(db: Db, updates: readonly ScheduleUpdate[]): Promise<void> {
  db = await ready(db);
  if (onPostgres() && updates.length > 1) {
    // One statement for the batch on PostgreSQL (a round trip per check was the scheduler's cost);
    // a check named twice keeps its last update, as when they ran one by one.
    const merged = new Map<number, ScheduleUpdate>();
    for (const u of updates) merged.set(u.checkNum, { ...u, lastLocationIndex: u.lastLocationIndex ?? merged.get(u.checkNum)?.lastLocationIndex });
    const last = [...merged.values()];
    const column = <T>(pick: (u: ScheduleUpdate) => T) => sql.param(last.map(pick));
    await runSql(
      db,
      sql`update ${checkSchedule} s set next_run_at = v.n, last_location_index = coalesce(v.l, s.last_location_index)
        from unnest(${column((u) => u.checkNum)}::int[], ${column((u) => u.nextRunAt)}::bigint[], ${column((u) => u.lastLocationIndex ?? null)}::int[]) as v(c, n, l)
        where s.check_num = v.c`,
    );
    return;
  }
  const setNext = prepared(db, 'updateNextRun', (d) =>
    d
      .update(checkSchedule)
      .set({ nextRunAt: sql`${sql.placeholder('nextRunAt')}` })
      .where(eq(checkSchedule.checkNum, sql.placeholder('checkNum')))
      .prepare(),
  );
  for (const u of updates) {
    if (u.lastLocationIndex === undefined) await run(setNext, { nextRunAt: u.nextRunAt, checkNum: u.checkNum });
    else await run(db.update(checkSchedule).set({ nextRunAt: u.nextRunAt, lastLocationIndex: u.lastLocationIndex }).where(eq(checkSchedule.checkNum, u.checkNum)));
  }
}

export async function updateLocationIndex(db: Db, checkNum: number, lastLocationIndex: number): Promise<void> {
  db = await ready(db);
  await run(db.update(checkSchedule).set({ lastLocationIndex }).where(eq(checkSchedule.checkNum, checkNum)));
}

/** Location names by code; the table is tiny (one row per location ever used). */
export async function locationNames(db: Db): Promise<Map<number, string>> {
  db = await ready(db);
  const query = prepared(db, 'locationNames', (d) => d.select().from(runLocationCodes).prepare());
  return new Map((await all(query)).map((row) => [row.code, row.name]));
}

/** Codes for the given names, creating the missing ones. */
export async function locationCodes(db: Db, names: Iterable<string>): Promise<Map<string, number>> {
  db = await ready(db);
  const wanted = [...new Set(names)];
  const codes = new Map<string, number>();
  if (wanted.length === 0) return codes;
  await run(db.insert(runLocationCodes)
        .values(wanted.map((name) => ({ name })))
        .onConflictDoNothing());
  for (const row of await all(db.select().from(runLocationCodes).where(inArray(runLocationCodes.name, wanted)))) codes.set(row.name, row.code);
  return codes;
}

export async function locationCodeOf(db: Db, name: string): Promise<number | null> {
  db = await ready(db);
  return (await get(db.select().from(runLocationCodes).where(eq(runLocationCodes.name, name))))?.code ?? null;
}

/** The check id behind a check number (and its account), for reading runs back. */
export async function findCheckNum(db: Db, accountId: string, checkId: string): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, 'findCheckNum', (d) =>
    d
      .select({ checkNum: checkSchedule.checkNum })
      .from(checkSchedule)
      .where(and(eq(checkSchedule.checkId, sql.placeholder('checkId')), eq(checkSchedule.accountId, sql.placeholder('accountId'))))
      .prepare(),
  );
  return (await get(query, { checkId, accountId }))?.checkNum ?? null;
}
