// Recording what happened to the jobs of sessions (the scheduler's run coordinator writes through here).
// Apart from check-sessions: recording judges a quiet pass at write through alerts, and alerts starts
// runs through check-sessions, so the two directions live in two modules.
export { closeUnrecordedSessions, recordOutcomes, type RecordDecision, type RetryRequest } from './record-outcome';
