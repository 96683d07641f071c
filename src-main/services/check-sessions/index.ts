// The check sessions' public face: transports, the scheduler and other services import from here only.
export { STUCK_SESSION_MS } from './busy-locations';
export { cancelCheckSession, closeInterruptedSessions, closeSession, NOT_RECORDED } from './close-session';
export { listRecentCheckSessions, RecentSessionsQuery } from './list-recent';
export { checksChangeBetween, checksChangeMarker, loadCheckPlans, type ChangeMarker } from './load-plans';
export { isRunnable, type CheckPlan, type RunnablePlan } from './plan';
export { refreshSessionStatus, runLocationsOf, runSourceCode, runSourceOf, statusCode, statusOf } from './session-state';
export { detailHash, detailOf, factsOf, isFailure, resultRow } from './result-row';
export { startSessions } from './start-sessions';
export { runCheckNow, triggerCheckSessions } from './trigger';
export { getCheckSession, resultLink } from './view';
export { awaitCheckSessionCompletion, waitForSessions, watchCheckSessions } from './watch';
