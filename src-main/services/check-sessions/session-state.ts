import type { Db } from '../../db/connection';
import { listSessionResults, RESULT_FLAGS, RESULT_TYPE_CODE, type ResultRow } from '../../db/repositories/runs-results';
import { updateSessionStatus, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import { isFinished, rollUpSession, SESSION_STATUSES, type SessionStatus, verdictOf } from '../../../src-shared/rules/session-status';
import { RUN_SOURCES, type RunSource } from '../../../src-shared/schemas/check-session';

export function runLocationsOf(session: { runLocations: string | null }): string[] {
  if (!session.runLocations) return [LOCAL_LOCATION];
  const parsed: unknown = JSON.parse(session.runLocations);
  return Array.isArray(parsed) ? parsed.map(String) : [LOCAL_LOCATION];
}

export function verdictOfFlags(flags: number) {
  return verdictOf({
    hasFailures: (flags & RESULT_FLAGS.hasFailures) !== 0,
    hasErrors: (flags & RESULT_FLAGS.hasErrors) !== 0,
    isDegraded: (flags & RESULT_FLAGS.isDegraded) !== 0,
    isCancelled: (flags & RESULT_FLAGS.isCancelled) !== 0,
    timedOut: (flags & RESULT_FLAGS.timedOut) !== 0,
  });
}

export function finalsOf(results: readonly ResultRow[]): ResultRow[] {
  return results.filter((r) => r.resultType === RESULT_TYPE_CODE.FINAL);
}

/**
 * Recomputes a session's status from its stored results; returns the new status when it changed.
 * `stored` is the result just written for it: when it is the FINAL of a one-location session, that
 * result alone decides, and the session's results are not read back.
 */
export async function refreshSessionStatus(tx: Db, session: SessionWithCheck, now: number, stored?: { final: boolean; flags: number }): Promise<SessionStatus | null> {
  const current = statusOf(session.status);
  if (isFinished(current)) return null;
  const expectedLocations = runLocationsOf(session).length;
  const finals =
    stored?.final === true && expectedLocations === 1
      ? [verdictOfFlags(stored.flags)]
      : finalsOf(await listSessionResults(tx, session.id, session.checkNum, session.startedAt, session.stoppedAt)).map((r) => verdictOfFlags(r.flags));
  const next = rollUpSession({
    expectedLocations,
    finals,
    // A result was stored for it (stored, or read back: refreshed only after a write).
    anyAttempt: true,
    cancelled: false,
  });
  if (next === current) return null;
  const stoppedAt = isFinished(next) ? now : null;
  await updateSessionStatus(tx, session.id, statusCode(next), stoppedAt);
  session.status = statusCode(next);
  session.stoppedAt = stoppedAt;
  return next;
}

/** Stored codes are indexes into the append-only lists. */
export const statusCode = (status: SessionStatus): number => SESSION_STATUSES.indexOf(status);
export const statusOf = (code: number): SessionStatus => SESSION_STATUSES[code] ?? 'STARTED';
export const runSourceCode = (source: RunSource): number => RUN_SOURCES.indexOf(source);
export const runSourceOf = (code: number): RunSource => RUN_SOURCES[code] ?? 'SCHEDULER';
