// The test sessions' public face: transports import from here only.
export { awaitTestSessionCompletion, cancelTestSession, findTestSessionParts, getTestSession, resultOfTestSession, testSessionLink } from './get';
export { listTestSessions } from './list';
export { runMultiStepOnce, sendNow } from './run-once';
export { triggerTestSession } from './trigger';
