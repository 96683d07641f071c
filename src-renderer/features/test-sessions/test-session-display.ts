import type { RouterOutputs } from '../../lib/trpc';

export type TestSessionView = RouterOutputs['testSessions']['get'];

/** Whether a cached test session names this check session: its page then refreshes when the session changes. */
export function holdsCheckSession(data: unknown, checkSessionId: string): boolean {
  const results = (data as Partial<TestSessionView> | undefined)?.results;
  return Array.isArray(results) && results.some((result) => result.checkSessionId === checkSessionId);
}
