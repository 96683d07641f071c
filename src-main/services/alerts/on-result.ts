import { isAppError } from '../../core/errors';
import type { ResultRecordedEvent } from '../../core/events';
import type { CheckSession } from '../../../src-shared/schemas/check-session';
import { getCheckSession } from '../check-sessions/get';
import type { ServiceDeps } from '../context';
import { kickDispatcher } from '../notifications/runtime';
import { recordAlertRun, type RunAlertOutcome, type RunResultFacts } from './record-run';

function factsOf(event: ResultRecordedEvent): RunResultFacts {
  return {
    checkResultId: event.checkResultId,
    runLocation: event.runLocation,
    hasFailures: event.hasFailures || event.timedOut,
    hasErrors: event.hasErrors,
    isDegraded: event.isDegraded,
    skipped: event.isCancelled || event.reason !== null,
    responseTime: event.responseTime,
    startedAt: event.startedAt,
    errorMessage: event.errorMessage,
  };
}

/**
 * A FINAL result was stored. A run is judged once all its locations have their FINAL result (for a
 * single location, at once); the other locations' results come from the stored session.
 * Answers null while the session still waits for locations.
 */
export function onResultRecorded(deps: ServiceDeps, event: ResultRecordedEvent): RunAlertOutcome | null {
  const ctx = { ...deps, accountId: event.accountId };
  let session: CheckSession;
  try {
    session = getCheckSession(ctx, event.checkSessionId);
  } catch (error) {
    // The check (and its sessions) was deleted meanwhile: nothing left to alert about.
    if (isAppError(error) && error.kind === 'not_found') return null;
    throw error;
  }
  const finals = session.results.filter((r) => r.resultType === 'FINAL');
  // Counted, not matched by name: a retry may have moved a location's last attempt elsewhere.
  if (finals.length < session.runLocations.length) return null;
  const results = finals.map(
    (r): RunResultFacts =>
      r.checkResultId === event.checkResultId
        ? factsOf(event)
        : {
            checkResultId: r.checkResultId,
            runLocation: r.runLocation,
            hasFailures: r.hasFailures,
            hasErrors: r.hasErrors,
            isDegraded: r.isDegraded,
            skipped: r.isCancelled,
            responseTime: r.responseTime,
            startedAt: r.startedAt,
            errorMessage: null,
          },
  );
  if (!results.some((r) => r.checkResultId === event.checkResultId)) results.push(factsOf(event));
  const outcome = recordAlertRun(deps, { accountId: event.accountId, checkId: event.checkId, checkSessionId: event.checkSessionId, results });
  if (outcome.notificationIds.length > 0) kickDispatcher(deps);
  return outcome;
}
