import { and, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checks, checkSchedule, checkSessions, UNFINISHED_BELOW, perDialect } from '../tables';
import { all, allSql, get, onPostgres, run } from "../dialect";

export type SessionRow = typeof checkSessions.$inferSelect;
/** `nodeId`: the team-mode server starting it (absent: none named, as on a single server). */
export type NewSessionRow = Omit<SessionRow, 'id' | 'nodeId'> & { nodeId?: string | null };

export interface SessionWithCheck extends SessionRow {
  checkId: string;
  accountId: string;
  checkName: string;
  checkType: string;
}

/**
 * Inserts sessions in order and returns their ids in the same order. A row whose (check, planned_at)
 * slot already has a session is not inserted and gives null: another server (a second leader, or a
 * deposed one finishing) started that slot. Rows without planned_at never collide.
 */
export async function insertSessions(db: Db, rows: readonly NewSessionRow[]): Promise<(number | null)[]> {
  db = await ready(db);
  // The scheduler's batches on PostgreSQL: one statement for the batch, not a round trip per session.
  // Every row is a planned slot, so each inserted id maps back by its (check, slot).
  const key = (r: { checkNum: number; plannedAt: number | null }) => `${r.checkNum}:${r.plannedAt}`;
  if (onPostgres() && rows.length > 1 && rows.every((r) => r.plannedAt !== null) && new Set(rows.map(key)).size === rows.length) {
    const column = <T>(pick: (r: NewSessionRow) => T) => sql.param(rows.map(pick));
    const inserted = await allSql<{ id: number; checkNum: number; plannedAt: number }>(
      db,
      sql`insert into ${checkSessions} (check_num, status, run_source, started_at, stopped_at, run_locations, planned_at, node_id)
        select * from unnest(${column((r) => r.checkNum)}::int[], ${column((r) => r.status)}::int[], ${column((r) => r.runSource)}::int[],
          ${column((r) => r.startedAt)}::bigint[], ${column((r) => r.stoppedAt)}::bigint[], ${column((r) => r.runLocations)}::text[],
          ${column((r) => r.plannedAt)}::bigint[], ${column((r) => r.nodeId ?? null)}::text[])
        on conflict do nothing
        returning id, check_num as "checkNum", planned_at as "plannedAt"`,
    );
    const ids = new Map(inserted.map((r) => [key(r), r.id]));
    return rows.map((r) => ids.get(key(r)) ?? null);
  }
  const insert = prepared(db, 'insertSession', (d) =>
    d
      .insert(checkSessions)
      .values({
        checkNum: sql.placeholder('checkNum'),
        status: sql.placeholder('status'),
        runSource: sql.placeholder('runSource'),
        startedAt: sql.placeholder('startedAt'),
        stoppedAt: sql.placeholder('stoppedAt'),
        runLocations: sql.placeholder('runLocations'),
        plannedAt: sql.placeholder('plannedAt'),
        nodeId: sql.placeholder('nodeId'),
      })
      // No target: drizzle puts a target's WHERE after DO NOTHING, which SQLite refuses, and the
      // table's only other unique key is its autoincrement id, which cannot collide.
      .onConflictDoNothing()
      .returning({ id: checkSessions.id })
      .prepare(),
  );
  const ids: (number | null)[] = [];
  for (const row of rows) ids.push((await get(insert, { ...row, nodeId: row.nodeId ?? null }))?.id ?? null);
  return ids;
}

const withCheck = perDialect(() => ({
          id: checkSessions.id,
          checkNum: checkSessions.checkNum,
          status: checkSessions.status,
          runSource: checkSessions.runSource,
          startedAt: checkSessions.startedAt,
          stoppedAt: checkSessions.stoppedAt,
          runLocations: checkSessions.runLocations,
          plannedAt: checkSessions.plannedAt,
          nodeId: checkSessions.nodeId,
          // The inner join on checks hides a deleted check's schedule row (check_id NULL) until it is purged.
          checkId: checks.id,
          accountId: checkSchedule.accountId,
          checkName: checks.name,
          checkType: checks.checkType,
        }));

export async function findSessions(db: Db, ids: readonly number[], accountId?: string): Promise<SessionWithCheck[]> {
  db = await ready(db);
  if (ids.length === 0) return [];
  return await all(db
      .select(withCheck())
      .from(checkSessions)
      .innerJoin(checkSchedule, eq(checkSchedule.checkNum, checkSessions.checkNum))
      .innerJoin(checks, eq(checks.id, checkSchedule.checkId))
      .where(and(inArray(checkSessions.id, [...ids]), accountId ? eq(checkSchedule.accountId, accountId) : undefined)));
}

export async function findSession(db: Db, id: number, accountId?: string): Promise<SessionWithCheck | undefined> {
  db = await ready(db);
  if (accountId) return (await findSessions(db, [id], accountId))[0];
  const query = prepared(db, 'findSession', (d) =>
    d
      .select(withCheck())
      .from(checkSessions)
      .innerJoin(checkSchedule, eq(checkSchedule.checkNum, checkSessions.checkNum))
      .innerJoin(checks, eq(checks.id, checkSchedule.checkId))
      .where(eq(checkSessions.id, sql.placeholder('id')))
      .prepare(),
  );
  return await get(query, { id });
}

export async function updateSessionStatus(db: Db, id: number, status: number, stoppedAt: number | null): Promise<void> {
  db = await ready(db);
  await run(prepared(db, 'updateSessionStatus', (d) =>
        d
          .update(checkSessions)
          .set({ status: sql`${sql.placeholder('status')}`, stoppedAt: sql`${sql.placeholder('stoppedAt')}` })
          .where(eq(checkSessions.id, sql.placeholder('id')))
          .prepare(),
      ), { id, status, stoppedAt });
}

/**
 * Unfinished sessions (status codes below 4: STARTED and the PROGRESS family), through a partial index.
 * With `liveNodes`, only those no live server runs: started by a server not in the list, or by none
 * named (a single server's, or one from before team mode).
 */
export async function listUnfinishedSessionIds(db: Db, liveNodes?: readonly string[]): Promise<number[]> {
  db = await ready(db);
  const orphaned = liveNodes === undefined || liveNodes.length === 0 ? undefined : or(isNull(checkSessions.nodeId), notInArray(checkSessions.nodeId, [...liveNodes]));
  return (await all(db
      .select({ id: checkSessions.id })
      .from(checkSessions)
      .where(and(lt(checkSessions.status, UNFINISHED_BELOW), orphaned))))
    .map((r) => r.id);
}

/**
 * The check's session started just before this one (the highest id below it: ids grow with start
 * order), looked for among the sessions started since an hour before it, so the index on
 * (check_num, started_at) bounds the walk. Null when there is none: the caller takes the general path.
 */
export async function previousSessionId(db: Db, checkNum: number, sessionId: number, startedAt: number): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, 'previousSessionId', (d) =>
    d
      .select({ id: checkSessions.id })
      .from(checkSessions)
      .where(
        and(
          eq(checkSessions.checkNum, sql.placeholder('checkNum')),
          gte(checkSessions.startedAt, sql.placeholder('from')),
          lt(checkSessions.id, sql.placeholder('sessionId')),
        ),
      )
      .orderBy(desc(checkSessions.id))
      .limit(1)
      .prepare(),
  );
  return (await get(query, { checkNum, from: startedAt - 3_600_000, sessionId }))?.id ?? null;
}

export interface RecentSessionFilter {
  accountId: string;
  /** Sessions of this check only. */
  checkNum?: number;
  /** A stored status code (index into SESSION_STATUSES). */
  status?: number;
  limit: number;
}

/**
 * Newest sessions first. Across the account the walk goes backwards along the primary key (ids grow
 * with start order); for one check it follows check_sessions_check so a long history is never sorted.
 */
export async function listRecentSessions(db: Db, filter: RecentSessionFilter): Promise<SessionWithCheck[]> {
  db = await ready(db);
  const where = and(
    eq(checkSchedule.accountId, filter.accountId),
    filter.checkNum === undefined ? undefined : eq(checkSessions.checkNum, filter.checkNum),
    filter.status === undefined ? undefined : eq(checkSessions.status, filter.status),
  );
  const order = filter.checkNum === undefined ? [desc(checkSessions.id)] : [desc(checkSessions.startedAt), desc(checkSessions.id)];
  return await all(db
      .select(withCheck())
      .from(checkSessions)
      .innerJoin(checkSchedule, eq(checkSchedule.checkNum, checkSessions.checkNum))
      .innerJoin(checks, eq(checks.id, checkSchedule.checkId))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit));
}
