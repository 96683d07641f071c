// The `checkly test` runs' public face: transports import from here only.
export { CODE_BUNDLE_MAX_BYTES, storeCodeBundle } from './bundles';
export { cancelTestRun } from './cancel';
export { getRecordedTestRun } from './record';
export { startTestRun, type TestRunListener } from './run';
export { getScheduling } from './scheduling';
export { KEPT_TEST_SESSIONS, listTestSession, storedTestSessions, TEST_SESSIONS_KEY, type StoredTestSession } from './stored-test-sessions';
export { cliLogs } from './cli-shape';
export { storedCliDetails } from './stored-details';
