import { AppError } from '../../core/errors';
import { locationNames } from '../../db/repositories/runs';
import { listSessionResults, RESULT_TYPE_CODE } from '../../db/repositories/runs-results';
import { findSessions, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import { readAppSetting } from '../../db/repositories/settings';
import type { CheckType } from '../../../src-shared/enums';
import { consoleLink, testSessionRoute } from '../../../src-shared/rules/console-links';
import { decodeRunId, encodeRunId } from '../../../src-shared/rules/run-ids';
import { isFinished, type SessionStatus } from '../../../src-shared/rules/session-status';
import { decodeTestSessionId } from '../../../src-shared/rules/test-session-ids';
import type { TestSession, TestSessionStatus } from '../../../src-shared/schemas/test-session';
import type { ServiceContext } from '../context';
import { cancelCheckSession, runLocationsOf, statusOf, waitForSessions } from '../check-sessions';
import { cancelTestRun, getRecordedTestRun, storedTestSessions, TEST_SESSIONS_KEY } from '../test-runs';

const iso = (ms: number) => new Date(ms).toISOString();

/** A check session's place in a test session: running, passed (degraded passes), failed (timed out fails), cancelled. */
export function testStatusOf(status: SessionStatus): TestSessionStatus {
  if (!isFinished(status)) return 'RUNNING';
  if (status === 'CANCELLED') return 'CANCELLED';
  if (status === 'FAILED' || status === 'TIMED_OUT') return 'FAILED';
  return 'PASSED';
}

export function rollUp(statuses: readonly TestSessionStatus[]): TestSessionStatus {
  if (statuses.includes('RUNNING')) return 'RUNNING';
  if (statuses.includes('FAILED')) return 'FAILED';
  if (statuses.includes('CANCELLED')) return 'CANCELLED';
  return 'PASSED';
}

/** The check sessions of a test session of this account; 404 for unknown, foreign, malformed or pruned ids. */
export async function findTestSessionParts(ctx: ServiceContext, testSessionId: string): Promise<SessionWithCheck[]> {
  const range = decodeTestSessionId(testSessionId);
  const ids = range ? Array.from({ length: range.count }, (_, i) => range.firstSessionId + i) : [];
  const sessions = (await findSessions(ctx.db, ids, ctx.accountId)).sort((a, b) => a.id - b.id);
  if (sessions.length === 0) throw new AppError('not_found', 'No such test session.');
  return sessions;
}

export async function testSessionName(ctx: ServiceContext, testSessionId: string): Promise<string> {
  const stored = storedTestSessions(await readAppSetting(ctx.db, ctx.accountId, TEST_SESSIONS_KEY));
  return stored.find((entry) => entry.id === testSessionId.toLowerCase())?.name ?? 'Triggered Session';
}

/** The console's test-session page, like the check sessions' links (the spec's links are to the web app, not the API). */
export function testSessionLink(baseUrl: string, testSessionId: string): string {
  return consoleLink(baseUrl, testSessionRoute(testSessionId.toLowerCase()));
}

export async function getTestSession(ctx: ServiceContext, testSessionId: string): Promise<TestSession> {
  // A recorded `checkly test` run ran no stored check, so it is kept apart from check sessions.
  const recorded = decodeTestSessionId(testSessionId) ? undefined : await getRecordedTestRun(ctx, testSessionId);
  if (recorded) return recorded;
  const sessions = await findTestSessionParts(ctx, testSessionId);
  const id = testSessionId.toLowerCase();
  const names = await locationNames(ctx.db);
  const now = ctx.clock.now().getTime();
  const results = await Promise.all(sessions.map(async (session) => {
    const status = statusOf(session.status);
    const final = (await listSessionResults(ctx.db, session.id, session.checkNum, session.startedAt, session.stoppedAt)).find((r) => r.resultType === RESULT_TYPE_CODE.FINAL);
    return {
      testSessionResultId: final ? encodeRunId('result', final.id) : encodeRunId('session', session.id),
      checkSessionId: encodeRunId('session', session.id),
      checkId: session.checkId,
      name: session.checkName,
      checkType: session.checkType as CheckType,
      status: testStatusOf(status),
      checkSessionStatus: status,
      resultType: final ? ('FINAL' as const) : null,
      runLocation: final ? (names.get(final.location) ?? null) : (runLocationsOf(session)[0] ?? null),
      startedAt: iso(session.startedAt),
      stoppedAt: session.stoppedAt === null ? null : iso(session.stoppedAt),
    };
  }));
  const startedAt = Math.min(...sessions.map((s) => s.startedAt));
  const running = sessions.some((s) => s.stoppedAt === null);
  const stoppedAt = running ? null : Math.max(...sessions.map((s) => s.stoppedAt ?? s.startedAt));
  return {
    testSessionId: id,
    testSessionLink: testSessionLink(ctx.runtime.baseUrl, id),
    name: await testSessionName(ctx, id),
    provider: 'TRIGGER',
    status: rollUp(results.map((r) => r.status)),
    startedAt: iso(startedAt),
    stoppedAt: stoppedAt === null ? null : iso(stoppedAt),
    timeElapsed: Math.max(0, (stoppedAt ?? now) - startedAt),
    metadata: null,
    results,
  };
}

/** A stored result of a test session (its testSessionResultId is a result id); 404 otherwise. */
export async function resultOfTestSession(ctx: ServiceContext, testSessionId: string, testResultId: string): Promise<{ checkId: string; resultId: number }> {
  const resultId = decodeRunId('result', testResultId);
  const entry = (await getTestSession(ctx, testSessionId)).results.find((r) => r.testSessionResultId === testResultId.toLowerCase());
  if (!entry || resultId === null) throw new AppError('not_found', 'No such result in this test session.');
  return { checkId: entry.checkId, resultId };
}

const TRY_AGAIN = 'Test session is still in progress, but maximum per-request wait time was exceeded. Please retry.';

const allStopped = async (ctx: ServiceContext, id: string) => (await findTestSessionParts(ctx, id)).every((s) => s.stoppedAt !== null);

/** Long-poll: answers once every check session of the test session has finished, or 408 after maxWaitSeconds. */
export async function awaitTestSessionCompletion(ctx: ServiceContext, testSessionId: string, maxWaitSeconds: number, signal?: AbortSignal): Promise<TestSession> {
  const parts = new Set((await findTestSessionParts(ctx, testSessionId)).map((s) => encodeRunId('session', s.id)));
  if (await allStopped(ctx, testSessionId)) return await getTestSession(ctx, testSessionId);
  const finished = await waitForSessions(
    ctx,
    async (event) => event.finished && parts.has(event.checkSessionId) && await allStopped(ctx, testSessionId),
    () => allStopped(ctx, testSessionId),
    maxWaitSeconds,
    signal,
  );
  if (!finished) throw new AppError('timeout', TRY_AGAIN);
  return await getTestSession(ctx, testSessionId);
}

/**
 * POST /v1/test-sessions/{id}/cancel (Ctrl-C in `checkly trigger`): every running check session of
 * the test session — or only those whose sequence ids (check session ids) are named — ends CANCELLED.
 */
export async function cancelTestSession(ctx: ServiceContext, testSessionId: string, sequenceIds?: readonly string[]): Promise<void> {
  if (!decodeTestSessionId(testSessionId)) return await cancelTestRun(ctx, testSessionId);
  const only = sequenceIds?.length ? new Set(sequenceIds.map((id) => id.toLowerCase())) : null;
  for (const session of await findTestSessionParts(ctx, testSessionId)) {
    const checkSessionId = encodeRunId('session', session.id);
    if (session.stoppedAt === null && (!only || only.has(checkSessionId))) await cancelCheckSession(ctx, checkSessionId);
  }
}
