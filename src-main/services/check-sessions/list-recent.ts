import { z } from 'zod';
import { findCheckNum } from '../../db/repositories/runs';
import { listRecentSessions, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import { CHECK_TYPES, type CheckType } from '../../../src-shared/enums';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import { SESSION_STATUSES } from '../../../src-shared/rules/session-status';
import { RUN_SOURCES } from '../../../src-shared/schemas/check-session';
import type { ServiceContext } from '../context';
import { runLocationsOf, runSourceOf, statusCode, statusOf } from './session-state';

export const RecentSessionsQuery = z.object({
  limit: z.number().int().min(1, { message: 'limit must be at least 1' }).max(100, { message: 'limit must be at most 100' }).default(20),
  checkId: z.string().min(1).optional(),
  status: z.enum(SESSION_STATUSES).optional(),
});
export type RecentSessionsQuery = z.infer<typeof RecentSessionsQuery>;

/** A session without its results: what a list row shows. */
export const RecentCheckSession = z.object({
  checkSessionId: z.string(),
  checkId: z.string(),
  name: z.string(),
  checkType: z.enum(CHECK_TYPES),
  status: z.enum(SESSION_STATUSES),
  runSource: z.enum(RUN_SOURCES),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  timeElapsed: z.number(),
  runLocations: z.array(z.string()),
});
export type RecentCheckSession = z.infer<typeof RecentCheckSession>;

function recentView(session: SessionWithCheck, now: number): RecentCheckSession {
  return {
    checkSessionId: encodeRunId('session', session.id),
    checkId: session.checkId,
    name: session.checkName,
    checkType: session.checkType as CheckType,
    status: statusOf(session.status),
    runSource: runSourceOf(session.runSource),
    startedAt: new Date(session.startedAt).toISOString(),
    stoppedAt: session.stoppedAt === null ? null : new Date(session.stoppedAt).toISOString(),
    timeElapsed: Math.max(0, (session.stoppedAt ?? now) - session.startedAt),
    runLocations: runLocationsOf(session),
  };
}

/** The account's newest sessions (the console's Sessions list); a check that never ran, or is not the account's, has none. */
export async function listRecentCheckSessions(ctx: ServiceContext, query: RecentSessionsQuery): Promise<RecentCheckSession[]> {
  let checkNum: number | undefined;
  if (query.checkId !== undefined) {
    const found = await findCheckNum(ctx.db, ctx.accountId, query.checkId);
    if (found === null) return [];
    checkNum = found;
  }
  const rows = await listRecentSessions(ctx.db, {
    accountId: ctx.accountId,
    checkNum,
    status: query.status === undefined ? undefined : statusCode(query.status),
    limit: query.limit,
  });
  const now = ctx.clock.now().getTime();
  return rows.map((row) => recentView(row, now));
}
