import { AppError } from '../../core/errors';
import { locationNames } from '../../db/repositories/runs';
import { RESULT_FLAGS } from '../../db/repositories/runs-results';
import { listCheckStatuses, type CheckStatusRow } from '../../db/repositories/runs-statuses';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { CheckStatus } from '../../../src-shared/schemas/check-status';
import type { ServiceContext } from '../context';

function statusView(row: CheckStatusRow, names: Map<number, string>): CheckStatus {
  const flags = row.flags ?? 0;
  return {
    name: row.name,
    checkId: row.checkId,
    hasFailures: (flags & RESULT_FLAGS.hasFailures) !== 0,
    hasErrors: (flags & RESULT_FLAGS.hasErrors) !== 0,
    isDegraded: (flags & RESULT_FLAGS.isDegraded) !== 0,
    longestRun: row.longestRunMs,
    shortestRun: row.shortestRunMs,
    lastRunLocation: row.lastLocation === null ? null : (names.get(row.lastLocation) ?? null),
    lastCheckRunId: row.lastSessionId === null ? null : encodeRunId('session', row.lastSessionId),
    sslDaysRemaining: null,
    created_at: row.createdAt === null ? row.checkCreatedAt : new Date(row.createdAt).toISOString(),
    updated_at: row.updatedAt === null ? null : new Date(row.updatedAt).toISOString(),
  };
}

/** Every check of the account with its latest state; a check that never ran shows no failures and null runs. */
export async function listCheckStatusViews(ctx: ServiceContext): Promise<CheckStatus[]> {
  const names = await locationNames(ctx.db);
  return (await listCheckStatuses(ctx.db, ctx.accountId)).map((row) => statusView(row, names));
}

export async function getCheckStatus(ctx: ServiceContext, checkId: string): Promise<CheckStatus> {
  const [row] = await listCheckStatuses(ctx.db, ctx.accountId, checkId);
  if (!row) throw AppError.notFound();
  return statusView(row, await locationNames(ctx.db));
}
