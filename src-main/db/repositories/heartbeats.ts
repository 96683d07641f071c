import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkGroups, checks, checkSchedule, heartbeatStates } from '../tables';
import { hasTable } from './schema-info';
import { all, get, onPostgres, run } from "../dialect";
import { lockRowsForUpdate } from '../row-locks';

export type HeartbeatStateRow = typeof heartbeatStates.$inferSelect;

export interface HeartbeatCheckRow {
  checkId: string;
  accountId: string;
  checkNum: number;
  name: string;
  activated: boolean;
  groupId: number | null;
  /** The group's stored body (its `activated` and `tags`), null without a group. */
  groupBody: Record<string, unknown> | null;
  tags: string[];
  body: Record<string, unknown>;
  createdAt: string;
  state: HeartbeatStateRow | null;
}

/** Heartbeat monitors (all, or the named ones) with their schedule number, group and stored judge state. */
export async function listHeartbeatChecks(db: Db, checkIds?: readonly string[]): Promise<HeartbeatCheckRow[]> {
  db = await ready(db);
  if (!await hasTable(db, 'heartbeat_states')) return [];
  const parts = [eq(checks.checkType, 'HEARTBEAT')];
  if (checkIds) parts.push(inArray(checks.id, [...checkIds]));
  const rows = await all(db
      .select({
        checkId: checks.id,
        accountId: checks.accountId,
        checkNum: checkSchedule.checkNum,
        name: checks.name,
        activated: checks.activated,
        groupId: checks.groupId,
        groupBody: checkGroups.body,
        tags: checks.tags,
        body: checks.body,
        createdAt: checks.createdAt,
        state: heartbeatStates,
      })
      .from(checks)
      .innerJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .leftJoin(checkGroups, eq(checkGroups.id, checks.groupId))
      .leftJoin(heartbeatStates, eq(heartbeatStates.checkNum, checkSchedule.checkNum))
      .where(and(...parts))
      .orderBy(asc(checkSchedule.checkNum)));
  return rows.map((row) => ({ ...row, state: stateOrNull(row.state) }));
}

/** A row locked before its heartbeat's first state was written (`updated_at` 0) is no state yet. */
function stateOrNull(state: HeartbeatStateRow | null | undefined): HeartbeatStateRow | null {
  return state && state.checkNum !== null && state.updatedAt !== 0 ? state : null;
}

/**
 * Whether other servers write these states too (team mode: several servers on one PostgreSQL
 * database). The judge then decides each write from the stored row, locked by
 * `lockHeartbeatStates`, instead of from its own memory.
 */
export function heartbeatStatesShared(): boolean {
  return onPostgres();
}

/**
 * The stored states of these heartbeats, locked for the rest of the calling transaction, by check
 * number. On PostgreSQL a heartbeat with no row yet gets an empty one first (`updated_at` 0, answered
 * as absent), so two servers writing its first state take turns too: the second waits for the
 * first's commit and then reads what it wrote. On SQLite the transaction already holds the write lock.
 */
export async function lockHeartbeatStates(db: Db, checkNums: readonly number[]): Promise<Map<number, HeartbeatStateRow>> {
  db = await ready(db);
  const nums = [...new Set(checkNums)].sort((a, b) => a - b);
  const found = new Map<number, HeartbeatStateRow>();
  if (nums.length === 0) return found;
  if (onPostgres()) {
    await run(db
        .insert(heartbeatStates)
        .values(nums.map((checkNum) => ({ checkNum, lastPingAt: null, runStartedAt: null, deadlineAt: null, failing: false, note: null, updatedAt: 0 })))
        .onConflictDoNothing());
    await lockRowsForUpdate(db, 'heartbeat_states', 'check_num', nums);
  }
  const rows = await all(db.select().from(heartbeatStates).where(inArray(heartbeatStates.checkNum, nums)));
  for (const row of rows) {
    const state = stateOrNull(row);
    if (state) found.set(state.checkNum, state);
  }
  return found;
}

/** One statement per row, prepared once: the judge writes a handful with each batch of pings. */
export async function upsertHeartbeatStates(db: Db, rows: readonly HeartbeatStateRow[]): Promise<void> {
  db = await ready(db);
  if (rows.length === 0) return;
  const upsert = prepared(db, 'upsertHeartbeatState', (d) =>
    d
      .insert(heartbeatStates)
      .values({
        checkNum: sql.placeholder('checkNum'),
        lastPingAt: sql.placeholder('lastPingAt'),
        runStartedAt: sql.placeholder('runStartedAt'),
        deadlineAt: sql.placeholder('deadlineAt'),
        failing: sql.placeholder('failing'),
        note: sql.placeholder('note'),
        updatedAt: sql.placeholder('updatedAt'),
      } as unknown as HeartbeatStateRow)
      .onConflictDoUpdate({
        target: heartbeatStates.checkNum,
        set: {
          lastPingAt: sql`excluded.last_ping_at`,
          runStartedAt: sql`excluded.run_started_at`,
          deadlineAt: sql`excluded.deadline_at`,
          failing: sql`excluded.failing`,
          note: sql`excluded.note`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .prepare(),
  );
  for (const row of rows) await run(upsert, { ...row, failing: row.failing ? 1 : 0 });
}

/** The stored judge state of one heartbeat (the console's monitor page). */
export async function findHeartbeatState(db: Db, checkId: string): Promise<HeartbeatStateRow | undefined> {
  db = await ready(db);
  const state = (await get(db
      .select({ state: heartbeatStates })
      .from(heartbeatStates)
      .innerJoin(checkSchedule, eq(checkSchedule.checkNum, heartbeatStates.checkNum))
      .where(eq(checkSchedule.checkId, checkId))))?.state;
  return stateOrNull(state) ?? undefined;
}
