import type { ResultRecordedEvent } from '../../core/events';
import type { ServiceDeps } from '../context';
import { judgeCheck, type JudgedSession } from './judge-pending';

/**
 * A FINAL result was stored. A run is judged once its session has finished (all its locations have
 * their FINAL result), from what was stored, together with any earlier finished session of the
 * check that was missed. An event for a session already judged (a replay) changes nothing.
 */
export function onResultRecorded(deps: ServiceDeps, event: ResultRecordedEvent): JudgedSession[] {
  const judged = judgeCheck(deps, event.accountId, event.checkId);
  if (judged.some((j) => j.outcome.notificationIds.length > 0)) deps.runtime.dispatch?.kick();
  return judged;
}
