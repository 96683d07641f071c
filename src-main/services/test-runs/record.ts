import { transaction } from '../../db/connection';
import { findCodeTestSession, findCodeTestSessionForUpdate, insertCodeTestSession, pruneCodeTestSessions, updateCodeTestSession } from '../../db/repositories/code-test-sessions';
import type { CheckType } from '../../../src-shared/enums';
import { consoleLink, testSessionRoute } from '../../../src-shared/rules/console-links';
import type { SessionStatus } from '../../../src-shared/rules/session-status';
import type { TestSession, TestSessionStatus } from '../../../src-shared/schemas/test-session';
import type { ServiceContext } from '../context';
import { KEPT_TEST_SESSIONS, listTestSession } from './stored-test-sessions';

/** One check of a recorded `checkly test` run, as kept in code_test_sessions.results. */
export interface RecordedResult {
  testSessionResultId: string;
  sequenceId: string;
  logicalId: string;
  name: string;
  checkType: CheckType;
  status: TestSessionStatus;
  checkSessionStatus: SessionStatus;
  runLocation: string;
  startedAt: number;
  stoppedAt: number | null;
  /** Why Sightline could not run it (no agent, queue full, shutting down); null when it ran. */
  notRunReason: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

// As a triggered test session rolls up (services/test-sessions/get.ts), which imports this file.
function rollUp(statuses: readonly TestSessionStatus[]): TestSessionStatus {
  for (const status of ['RUNNING', 'FAILED', 'CANCELLED'] as const) if (statuses.includes(status)) return status;
  return 'PASSED';
}

/** Keeps the run as a test session: its own row, and an entry in the account's list of test sessions (newest first). */
export async function recordTestRun(ctx: ServiceContext, run: { id: string; name: string; projectLogicalId: string | null; results: RecordedResult[] }): Promise<void> {
  const now = ctx.clock.now().getTime();
  await transaction(ctx.db, async (tx) => {
    await insertCodeTestSession(tx, { id: run.id, accountId: ctx.accountId, name: run.name, projectLogicalId: run.projectLogicalId, startedAt: now, stoppedAt: null, results: run.results });
    await listTestSession(tx, ctx.accountId, { id: run.id, name: run.name, startedAt: now }, now);
    // Runs that fell off the list are not reachable any more: their rows go too, so storage stays bounded.
    await pruneCodeTestSessions(tx, ctx.accountId, KEPT_TEST_SESSIONS);
  });
}

/** Replaces one check's entry once it finished; the run stops with its last check. */
export async function recordTestResult(ctx: ServiceContext, testSessionId: string, result: RecordedResult): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    // Checks of one run finish at once, on any server: each replaces its entry in the array the last one wrote.
    const row = await findCodeTestSessionForUpdate(tx, ctx.accountId, testSessionId);
    if (!row) return;
    const results = (row.results as RecordedResult[]).map((r) => (r.sequenceId === result.sequenceId ? result : r));
    const running = results.some((r) => r.stoppedAt === null);
    await updateCodeTestSession(tx, ctx.accountId, testSessionId, { results, stoppedAt: running ? null : Math.max(...results.map((r) => r.stoppedAt ?? 0)) });
  });
}

/** A recorded `checkly test` run in the test sessions' read shape; undefined when there is none of that id. */
export async function getRecordedTestRun(ctx: ServiceContext, testSessionId: string): Promise<TestSession | undefined> {
  const row = await findCodeTestSession(ctx.db, ctx.accountId, testSessionId.toLowerCase());
  if (!row) return undefined;
  const results = row.results as RecordedResult[];
  const now = ctx.clock.now().getTime();
  return {
    testSessionId: row.id,
    testSessionLink: consoleLink(ctx.runtime.baseUrl, testSessionRoute(row.id)),
    name: row.name,
    provider: 'CLI',
    status: rollUp(results.map((r) => r.status)),
    startedAt: iso(row.startedAt),
    stoppedAt: row.stoppedAt === null ? null : iso(row.stoppedAt),
    timeElapsed: Math.max(0, (row.stoppedAt ?? now) - row.startedAt),
    metadata: row.projectLogicalId ? { projectLogicalId: row.projectLogicalId } : null,
    results: results.map((r) => ({
      testSessionResultId: r.testSessionResultId,
      checkSessionId: r.sequenceId,
      // Not a stored check: the construct's logicalId is what names it.
      checkId: r.logicalId,
      logicalId: r.logicalId,
      name: r.name,
      checkType: r.checkType,
      status: r.status,
      checkSessionStatus: r.checkSessionStatus,
      resultType: r.stoppedAt !== null && r.notRunReason === null ? ('FINAL' as const) : null,
      runLocation: r.runLocation,
      startedAt: iso(r.startedAt),
      stoppedAt: r.stoppedAt === null ? null : iso(r.stoppedAt),
      notRunReason: r.notRunReason,
    })),
  };
}
