// Kept here, below test-sessions: a test run is listed as a test session, and test-sessions reads test runs.
/** The app setting that lists an account's recent test sessions (names and start times; the rest is read from the sessions). */
export const TEST_SESSIONS_KEY = 'test-sessions';
export const KEPT_TEST_SESSIONS = 500;

export interface StoredTestSession {
  id: string;
  name: string;
  startedAt: number;
}

export function storedTestSessions(value: Record<string, unknown> | null): StoredTestSession[] {
  const entries = value?.entries;
  return Array.isArray(entries) ? (entries as StoredTestSession[]) : [];
}
