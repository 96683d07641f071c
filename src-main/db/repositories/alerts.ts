import { lockKey } from '../row-locks';
import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { accounts, checkAlerts, checkAlertStates, checks, checkSchedule, checkSessions, UNFINISHED_BELOW } from '../tables';
import { all, get, onPostgres, run, runSql } from "../dialect";
import { parseStored } from '../stored-rows';
import { StoredAlertEvent } from '../stored-alert-event';
import { StoredAlertStateSchema, type StoredAlertState } from '../stored-alert-state';

export type { StoredAlertEvent } from '../stored-alert-event';
type StoredCheckAlertStateRow = typeof checkAlertStates.$inferSelect;
/** A check's alert state as read: its state parsed (db/stored-alert-state.ts). */
export type CheckAlertStateRow = Omit<StoredCheckAlertStateRow, 'state'> & { state: StoredAlertState };
type StoredCheckAlertRow = typeof checkAlerts.$inferSelect;
/** An alert row as written: `repeatOf` is only ever set by the migration that added the state-change key. */
export type NewCheckAlert = Omit<StoredCheckAlertRow, 'repeatOf'> & { repeatOf?: null };
/**
 * An alert as read: its event parsed. `event` is null when there is none to read (a DIGEST's own
 * row: its message is written when it is sent) or when the stored one does not parse (reported once
 * in the server's log): the caller treats it as an alert whose facts are lost, never as a crash.
 */
export type CheckAlert = Omit<StoredCheckAlertRow, 'event'> & { event: StoredAlertEvent | null };

/**
 * The check's alert state. One whose stored state does not parse (written by hand, or by a version
 * with another shape) is reported once in the server's log and read as absent: the check is judged
 * from a clear state, and that judgement writes a state of the right shape over it.
 */
export async function findAlertState(db: Db, checkId: string): Promise<CheckAlertStateRow | undefined> {
  db = await ready(db);
  const row: StoredCheckAlertStateRow | undefined = await get(
    prepared(db, 'findAlertState', (d) => d.select().from(checkAlertStates).where(eq(checkAlertStates.checkId, sql.placeholder('checkId'))).prepare()),
    { checkId },
  );
  if (row === undefined) return undefined;
  const state = parseStored(StoredAlertStateSchema, row.state, { table: 'check_alert_states', id: row.checkId, stamp: String(row.updatedAt) });
  return state === undefined ? undefined : { ...row, state };
}

/**
 * The check's alert state, locked until the caller's transaction ends: judgements of one check take
 * turns across servers (in one process, write transactions already do), so each reads the state the
 * previous one saved and no state change is decided twice. A check judged for the first time has no
 * row to lock yet: a transaction-level advisory lock on the check stands in for it until the first
 * judgement commits its row (the row cannot be inserted ahead: a check deleted meanwhile would fail
 * the foreign key, and an empty state is no state the judging code knows).
 */
export async function lockAlertState(db: Db, checkId: string): Promise<CheckAlertStateRow | undefined> {
  db = await ready(db);
  if (onPostgres()) {
    const rowLock = sql`select 1 from ${checkAlertStates} where ${checkAlertStates.checkId} = ${checkId} for update`;
    if ((await runSql(db, rowLock)).changes === 0) {
      await lockKey(db, `check_alert_states:${checkId}`);
      // Another first judgement may have committed the row while this one waited.
      await runSql(db, rowLock);
    }
  }
  return await findAlertState(db, checkId);
}

export async function saveAlertState(db: Db, row: CheckAlertStateRow): Promise<void> {
  db = await ready(db);
  // Prepared once per connection: every judged run of every check moves its marker here.
  const upsert = prepared(db, 'saveAlertState', (d) =>
    d
      .insert(checkAlertStates)
      .values({
        checkId: sql.placeholder('checkId'),
        accountId: sql.placeholder('accountId'),
        state: sql.placeholder('state'),
        lastSessionId: sql.placeholder('lastSessionId'),
        updatedAt: sql.placeholder('updatedAt'),
      } as unknown as CheckAlertStateRow)
      .onConflictDoUpdate({
        target: checkAlertStates.checkId,
        set: { state: sql`excluded.state`, lastSessionId: sql`excluded.last_session_id`, updatedAt: sql`excluded.updated_at` },
      })
      .prepare(),
  );
  // The placeholder goes through the column's JSON mapping: the state is passed as the object.
  await run(upsert, { checkId: row.checkId, accountId: row.accountId, state: row.state, lastSessionId: row.lastSessionId, updatedAt: row.updatedAt });
}

/**
 * Stores an alert; false when the check's state change it records (check, session, alert type) is
 * stored already (check_alerts_state_change): it was decided elsewhere, and nothing more may follow
 * from this one (no notifications, no events).
 */
/**
 * Saves the state of a run judged while its result was written, only if no other judgement moved the
 * check's marker since it was read (`fromSessionId`): a conditional update, so the result's write
 * takes no lock on the alert state. False when the marker moved: the run is judged as usual.
 */
export async function moveAlertStateFrom(db: Db, row: CheckAlertStateRow, fromSessionId: string): Promise<boolean> {
  db = await ready(db);
  const moved = await run(db
      .update(checkAlertStates)
      .set({ state: row.state, lastSessionId: row.lastSessionId, updatedAt: row.updatedAt })
      .where(and(eq(checkAlertStates.checkId, row.checkId), eq(checkAlertStates.lastSessionId, fromSessionId))));
  return moved.changes === 1;
}

export async function insertCheckAlert(db: Db, row: NewCheckAlert): Promise<boolean> {
  db = await ready(db);
  // Prepared once per connection: a storm of failures (or their recoveries) writes one per check.
  const insert = prepared(db, 'insertCheckAlert', (d) =>
    d
      .insert(checkAlerts)
      .values({
        id: sql.placeholder('id'),
        accountId: sql.placeholder('accountId'),
        checkId: sql.placeholder('checkId'),
        alertType: sql.placeholder('alertType'),
        checkSessionId: sql.placeholder('checkSessionId'),
        checkResultId: sql.placeholder('checkResultId'),
        muted: sql.placeholder('muted'),
        event: sql.placeholder('event'),
        createdAt: sql.placeholder('createdAt'),
      } as unknown as StoredCheckAlertRow)
      .onConflictDoNothing()
      .prepare(),
  );
  // Placeholders go through the columns' mappings: `muted` as a boolean, `event` as the object.
  const inserted = await run(insert, {
        id: row.id,
        accountId: row.accountId,
        checkId: row.checkId ?? null,
        alertType: row.alertType,
        checkSessionId: row.checkSessionId ?? null,
        checkResultId: row.checkResultId ?? null,
        muted: row.muted,
        event: row.event,
        createdAt: row.createdAt,
      });
  return inserted.changes === 1;
}

export async function findCheckAlert(db: Db, accountId: string, id: string): Promise<CheckAlert | undefined> {
  db = await ready(db);
  const row = await get(db
      .select()
      .from(checkAlerts)
      .where(and(eq(checkAlerts.accountId, accountId), eq(checkAlerts.id, id))));
  if (!row) return undefined;
  const { event, ...rest } = row;
  if (row.alertType === 'DIGEST') return { ...rest, event: null };
  return { ...rest, event: parseStored(StoredAlertEvent, event, { table: 'check_alerts', id: row.id, stamp: String(row.createdAt) }) ?? null };
}

/** The account-wide alert settings, as stored (null when never set). */
export async function readAccountAlertSettings(db: Db, accountId: string): Promise<unknown> {
  db = await ready(db);
  const query = prepared(db, 'readAccountAlertSettings', (d) =>
    d.select({ alertSettings: accounts.alertSettings }).from(accounts).where(eq(accounts.id, sql.placeholder('accountId'))).prepare(),
  );
  return (await get(query, { accountId }))?.alertSettings ?? null;
}

export async function writeAccountAlertSettings(db: Db, accountId: string, alertSettings: Record<string, unknown>): Promise<void> {
  db = await ready(db);
  await run(db.update(accounts).set({ alertSettings }).where(eq(accounts.id, accountId)));
}

/** A finished session that alerting may still have to judge. */
export interface JudgeableSession {
  id: number;
  startedAt: number;
  stoppedAt: number | null;
  runLocations: string | null;
}

/**
 * Finished sessions of one check with an id above `afterId` that started at or after `since`,
 * oldest first. Walks check_sessions_check (check_num, started_at), so the work is bounded by the
 * sessions of that check in the window, never by the whole history.
 */
export async function finishedSessionsAfter(db: Db, checkNum: number, afterId: number, since: number, limit: number): Promise<JudgeableSession[]> {
  db = await ready(db);
  const query = prepared(db, 'finishedSessionsAfter', (d) =>
    d
      .select({ id: checkSessions.id, startedAt: checkSessions.startedAt, stoppedAt: checkSessions.stoppedAt, runLocations: checkSessions.runLocations })
      .from(checkSessions)
      .where(
        and(
          eq(checkSessions.checkNum, sql.placeholder('checkNum')),
          gte(checkSessions.startedAt, sql.placeholder('since')),
          gt(checkSessions.id, sql.placeholder('afterId')),
          gte(checkSessions.status, UNFINISHED_BELOW),
        ),
      )
      .orderBy(asc(checkSessions.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return await all(query, { checkNum, since, afterId, limit });
}

/**
 * The oldest session of the check after `afterId` that is still running and started at or after
 * `startedSince` (null when none): alerting judges no session past it, so a run that outlasts its
 * period is judged before the newer ones that finished first (a skipped slot, say).
 */
export async function oldestOpenSessionAfter(db: Db, checkNum: number, afterId: number, startedSince: number): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, 'oldestOpenSessionAfter', (d) =>
    d
      .select({ id: checkSessions.id })
      .from(checkSessions)
      .where(
        and(
          eq(checkSessions.checkNum, sql.placeholder('checkNum')),
          gt(checkSessions.id, sql.placeholder('afterId')),
          lt(checkSessions.status, UNFINISHED_BELOW),
          gte(checkSessions.startedAt, sql.placeholder('startedSince')),
        ),
      )
      .orderBy(asc(checkSessions.id))
      .limit(1)
      .prepare(),
  );
  return (await get(query, { checkNum, afterId, startedSince }))?.id ?? null;
}

/** When a session started (null when it no longer exists). */
export async function sessionStartedAt(db: Db, sessionId: number): Promise<number | null> {
  db = await ready(db);
  const query = prepared(db, 'sessionStartedAt', (d) =>
    d
      .select({ startedAt: checkSessions.startedAt })
      .from(checkSessions)
      .where(eq(checkSessions.id, sql.placeholder('id')))
      .prepare(),
  );
  return (await get(query, { id: sessionId }))?.startedAt ?? null;
}

/** Every existing check that has ever been scheduled or triggered (only those have sessions). */
export async function scheduledChecks(db: Db): Promise<{ checkNum: number; checkId: string; accountId: string }[]> {
  db = await ready(db);
  return await all(db
      .select({ checkNum: checkSchedule.checkNum, checkId: checks.id, accountId: checkSchedule.accountId })
      .from(checkSchedule)
      .innerJoin(checks, eq(checks.id, checkSchedule.checkId))
      .orderBy(asc(checkSchedule.checkNum)));
}
