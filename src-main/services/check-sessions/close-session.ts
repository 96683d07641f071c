import type { Db } from '../../db/connection';
import { locationCodes } from '../../db/repositories/runs';
import { insertResults, listSessionResults, RESULT_FLAGS, RESULT_TYPE_CODE, storeDetail } from '../../db/repositories/runs-results';
import { updateSessionStatus, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { SessionStatus } from '../../../src-shared/rules/session-status';
import type { ResultRecordedEvent } from '../../core/events';
import { detailHash } from './result-row';
import { finalsOf, runLocationsOf } from './session-state';
import { runSourceOf, statusCode } from './status-codes';

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
  error: { kind: 'SHUTDOWN', message: 'Sightline stopped before this run finished; the session was closed when it started again. Not a failure of the target.' },
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
export function closeSession(tx: Db, session: SessionWithCheck, reason: CloseReason, now: number): ResultRecordedEvent[] {
  const results = listSessionResults(tx, session.id, session.checkNum, session.startedAt, session.stoppedAt);
  const codes = locationCodes(tx, runLocationsOf(session));
  const names = new Map([...codes].map(([name, code]) => [code, name]));
  const open = runLocationsOf(session);
  for (const final of finalsOf(results)) {
    const name = names.get(final.location);
    const index = name === undefined ? -1 : open.indexOf(name);
    open.splice(index >= 0 ? index : 0, 1);
  }
  const body = JSON.stringify({ error: reason.error });
  const detailId = storeDetail(tx, detailHash(body), body, now);
  const ids = insertResults(
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
  updateSessionStatus(tx, session.id, statusCode(reason.status), now);
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
