// The check sessions' public face: transports, the scheduler and other services import from here only.
export { STUCK_SESSION_MS } from './busy-locations';
export { cancelCheckSession, closeInterruptedSessions } from './close-session';
export { listRecentCheckSessions, RecentSessionsQuery } from './list-recent';
export { checksChangeBetween, checksChangeMarker, loadCheckPlans, type ChangeMarker } from './load-plans';
export { isRunnable, type CheckPlan, type RunnablePlan } from './plan';
export { closeUnrecordedSessions, recordOutcomes, type RecordDecision } from './record-outcome';
export { runLocationsOf, runSourceCode, statusCode, statusOf } from './session-state';
export { detailHash } from './result-row';
export { startSessions } from './start-sessions';
export { runCheckNow, triggerCheckSessions } from './trigger';
export { getCheckSession, resultLink } from './view';
export { awaitCheckSessionCompletion, waitForSessions, watchCheckSessions } from './watch';
