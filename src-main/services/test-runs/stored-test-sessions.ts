import type { Db } from '../../db/connection';
import { lockAppSetting, readAppSetting, writeAppSetting } from '../../db/repositories/settings';

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

/** Puts a new test session first in the account's list (the oldest beyond the kept number drop off); call inside a transaction. */
export async function listTestSession(tx: Db, accountId: string, entry: StoredTestSession, now: number): Promise<void> {
  // Runs starting on two servers take turns: both stay listed.
  await lockAppSetting(tx, accountId, TEST_SESSIONS_KEY);
  const kept = storedTestSessions(await readAppSetting(tx, accountId, TEST_SESSIONS_KEY));
  const entries = [entry, ...kept].slice(0, KEPT_TEST_SESSIONS);
  await writeAppSetting(tx, accountId, TEST_SESSIONS_KEY, { entries }, now);
}
