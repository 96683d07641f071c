import { transaction, type Db } from '../../db/connection';
import { lockRowsForUpdate } from '../../db/row-locks';
import { locationCodes } from '../../db/repositories/runs';
import { insertResults, listSessionResults, RESULT_FLAGS, RESULT_TYPE_CODE, storeDetail } from '../../db/repositories/runs-results';
import { findSession, listUnfinishedSessionIds, type SessionWithCheck, updateSessionStatus } from '../../db/repositories/runs-sessions';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import { isFinished, type SessionStatus } from '../../../src-shared/rules/session-status';
import type { ResultRecordedEvent } from '../../core/events';
import { detailHash } from './result-row';
import { finalsOf, runLocationsOf, runSourceOf, statusCode, statusOf } from './session-state';
import type { ServiceContext, ServiceDeps } from '../context';
import { findAccountSession } from './view';

export interface CloseReason {
  status: Extract<SessionStatus, 'CANCELLED' | 'TIMED_OUT'>;
  flags: number;
  error: { kind: string; message: string };
}

export const CANCELLED: CloseReason = {
  status: 'CANCELLED',
  flags: RESULT_FLAGS.isCancelled | RESULT_FLAGS.aborted,
  error: { kind: 'CANCELLED', message: 'The run was cancelled.' },
};

/** Sightline stopping is not the target failing: the run ends cancelled. */
export const INTERRUPTED: CloseReason = {
  status: 'CANCELLED',
  flags: RESULT_FLAGS.isCancelled | RESULT_FLAGS.aborted,
  error: { kind: 'SHUTDOWN', message: 'The Sightline server running this run stopped before it finished; the session was closed afterwards. Not a failure of the target.' },
};

/** Sightline could not store the run's outcome: a failure of Sightline, never of the target (isCancelled keeps it out of alerting). */
export const NOT_RECORDED: CloseReason = {
  status: 'CANCELLED',
  flags: RESULT_FLAGS.isCancelled | RESULT_FLAGS.aborted,
  error: {
    kind: 'RECORD_FAILED',
    message: 'Sightline failed to record the result of this run (writing it to its database failed; the server logged why). Not a failure of the target.',
  },
};

/**
 * Ends an unfinished session now: every location still without a FINAL result gets one carrying
 * the reason, so each location still ends with exactly one FINAL result.
 */
export async function closeSession(tx: Db, session: SessionWithCheck, reason: CloseReason, now: number): Promise<ResultRecordedEvent[]> {
  const results = await listSessionResults(tx, session.id, session.checkNum, session.startedAt, session.stoppedAt);
  const codes = await locationCodes(tx, runLocationsOf(session));
  const names = new Map([...codes].map(([name, code]) => [code, name]));
  const open = runLocationsOf(session);
  for (const final of finalsOf(results)) {
    const name = names.get(final.location);
    const index = name === undefined ? -1 : open.indexOf(name);
    open.splice(index >= 0 ? index : 0, 1);
  }
  const body = JSON.stringify({ error: reason.error });
  const detailId = await storeDetail(tx, detailHash(body), body, now);
  const ids = await insertResults(
    tx,
    open.map((location) => ({
      sessionId: session.id,
      checkNum: session.checkNum,
      location: codes.get(location) ?? 0,
      resultType: RESULT_TYPE_CODE.FINAL,
      flags: reason.flags,
      attempt: 1,
      startedAt: Math.max(now, session.startedAt),
      durationMs: 0,
      responseTimeMs: null,
      packetsSent: null,
      packetsReceived: null,
      minUs: null,
      avgUs: null,
      maxUs: null,
      stdDevUs: null,
      detailId,
    })),
  );
  await updateSessionStatus(tx, session.id, statusCode(reason.status), now);
  const has = (bit: number) => (reason.flags & bit) !== 0;
  return ids.map((id, i) => ({
    accountId: session.accountId,
    checkId: session.checkId,
    checkName: session.checkName,
    checkType: session.checkType,
    checkSessionId: encodeRunId('session', session.id),
    checkResultId: encodeRunId('result', id),
    runSource: runSourceOf(session.runSource),
    runLocation: open[i] ?? 'local',
    resultType: 'FINAL',
    hasFailures: has(RESULT_FLAGS.hasFailures),
    hasErrors: has(RESULT_FLAGS.hasErrors),
    isDegraded: false,
    isCancelled: has(RESULT_FLAGS.isCancelled),
    timedOut: has(RESULT_FLAGS.timedOut),
    responseTime: null,
    startedAt: new Date(now).toISOString(),
    stoppedAt: new Date(now).toISOString(),
    attempts: 1,
    reason: reason.error.kind,
    errorMessage: reason.error.message,
  }));
}

/**
 * Sessions a gone process left running can never finish; they end CANCELLED (INTERRUPTED: not a
 * failure of the target). A single server closes every unfinished session at start. In team mode
 * other servers run sessions too (a standby runs what its API was asked to run), so the leader
 * closes only the sessions of servers no longer alive (by the cluster's node table), when it takes
 * the lead and then once per failover delay (boot.ts).
 */
export async function closeInterruptedSessions(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const own = deps.runtime.sessionNodeId;
  const cluster = deps.runtime.cluster;
  let liveNodes: string[] | undefined;
  if (own !== null) {
    if (!cluster) return 0;
    liveNodes = [own, ...(await cluster.nodes()).filter((n) => n.alive).map((n) => n.nodeId)];
  }
  return await transaction(deps.db, async (tx) => {
    const ids = await listUnfinishedSessionIds(tx, liveNodes);
    await lockRowsForUpdate(tx, 'check_sessions', 'id', ids);
    let closed = 0;
    for (const id of ids) {
      // Read again under the lock: an outcome recorded through another server may have finished it.
      const session = await findSession(tx, id);
      if (!session || isFinished(statusOf(session.status))) continue;
      await closeSession(tx, session, INTERRUPTED, now);
      closed++;
    }
    return closed;
  });
}

/** Cancels a running session: it ends CANCELLED at once and its queued and running jobs are aborted. Finished sessions stay as they are. */
export async function cancelCheckSession(ctx: ServiceContext, checkSessionId: string): Promise<void> {
  const { id } = await findAccountSession(ctx, checkSessionId);
  const now = ctx.clock.now().getTime();
  const events = await transaction(ctx.db, async (tx) => {
    // Team mode: its last outcome may be being recorded on another server; the row lock orders the two.
    await lockRowsForUpdate(tx, 'check_sessions', 'id', [id]);
    const session = await findSession(tx, id);
    if (!session || isFinished(statusOf(session.status))) return null;
    return { session, results: await closeSession(tx, session, CANCELLED, now) };
  });
  if (!events) return;
  const runtime = ctx.runtime;
  runtime.runs?.cancelSession(id);
  for (const event of events.results) await runtime.events.emit('resultRecorded', event);
  await runtime.events.emit('sessionUpdated', {
    accountId: events.session.accountId,
    checkId: events.session.checkId,
    checkSessionId: encodeRunId('session', id),
    status: 'CANCELLED',
    finished: true,
  });
}
