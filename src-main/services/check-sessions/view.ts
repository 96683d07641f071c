import type { Db } from '../../db/connection';
import { locationNames } from '../../db/repositories/runs';
import { listSessionResults, RESULT_FLAGS, RESULT_TYPE_CODE, type ResultRow } from '../../db/repositories/runs-results';
import { findSession, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import type { CheckType } from '../../../src-shared/enums';
import { consoleLink, resultRoute, sessionRoute } from '../../../src-shared/rules/console-links';
import { decodeRunId, encodeRunId } from '../../../src-shared/rules/run-ids';
import type { CheckSession, ConciseCheckResult } from '../../../src-shared/schemas/check-session';
import { runLocationsOf, runSourceOf, statusOf } from './session-state';
import { AppError } from '../../core/errors';
import type { ServiceContext } from '../context';

/** Links open the console's session and result pages (the spec's links are to the web app, not the API). */
export const sessionLink = (baseUrl: string, sessionId: number) => consoleLink(baseUrl, sessionRoute(encodeRunId('session', sessionId)));
export const resultLink = (baseUrl: string, checkId: string, resultId: number) => consoleLink(baseUrl, resultRoute(checkId, encodeRunId('result', resultId)));

const iso = (ms: number) => new Date(ms).toISOString();

export function conciseResult(row: ResultRow, session: SessionWithCheck, location: string, baseUrl: string): ConciseCheckResult {
  const has = (bit: number) => (row.flags & bit) !== 0;
  return {
    checkResultId: encodeRunId('result', row.id),
    checkResultLink: resultLink(baseUrl, session.checkId, row.id),
    checkId: session.checkId,
    checkType: session.checkType as CheckType,
    name: session.checkName,
    runLocation: location,
    resultType: row.resultType === RESULT_TYPE_CODE.FINAL ? 'FINAL' : 'ATTEMPT',
    hasErrors: has(RESULT_FLAGS.hasErrors),
    hasFailures: has(RESULT_FLAGS.hasFailures),
    isDegraded: has(RESULT_FLAGS.isDegraded),
    aborted: has(RESULT_FLAGS.aborted),
    isCancelled: has(RESULT_FLAGS.isCancelled),
    responseTime: row.responseTimeMs,
    startedAt: iso(row.startedAt),
    stoppedAt: iso(row.startedAt + row.durationMs),
  };
}

export async function sessionView(db: Db, session: SessionWithCheck, baseUrl: string, now: number): Promise<CheckSession> {
  const names = await locationNames(db);
  const results = await listSessionResults(db, session.id, session.checkNum, session.startedAt, session.stoppedAt);
  return {
    checkSessionId: encodeRunId('session', session.id),
    checkSessionLink: sessionLink(baseUrl, session.id),
    checkId: session.checkId,
    checkType: session.checkType as CheckType,
    name: session.checkName,
    status: statusOf(session.status),
    startedAt: iso(session.startedAt),
    stoppedAt: session.stoppedAt === null ? null : iso(session.stoppedAt),
    timeElapsed: Math.max(0, (session.stoppedAt ?? now) - session.startedAt),
    runLocations: runLocationsOf(session),
    runSource: runSourceOf(session.runSource),
    results: results.map((r) => conciseResult(r, session, names.get(r.location) ?? 'unknown', baseUrl)),
  };
}

/** The session of this account named by an API id; 404 for unknown, foreign or malformed ids. */
export async function findAccountSession(ctx: ServiceContext, checkSessionId: string): Promise<SessionWithCheck> {
  const id = decodeRunId('session', checkSessionId);
  const session = id === null ? undefined : await findSession(ctx.db, id, ctx.accountId);
  if (!session) throw new AppError('not_found', 'No such check session.');
  return session;
}

export async function getCheckSession(ctx: ServiceContext, checkSessionId: string): Promise<CheckSession> {
  const session = await findAccountSession(ctx, checkSessionId);
  return await sessionView(ctx.db, session, ctx.runtime.baseUrl, ctx.clock.now().getTime());
}
