import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import { findCheckNum, locationNames } from '../../db/repositories/runs';
import { findResult } from '../../db/repositories/runs-results';
import { decodeRunId } from '../../../src-shared/rules/run-ids';
import type { CheckResult } from '../../../src-shared/schemas/check-result';
import type { ServiceContext } from '../context';
import { resultView } from './view';

/** GET /v1/check-results/{checkId}/{checkResultId}; 404 for an unknown check or result, or a result of another check. */
export async function getCheckResult(ctx: ServiceContext, checkId: string, checkResultId: string): Promise<CheckResult> {
  const check = await findCheck(ctx.db, ctx.accountId, checkId);
  const checkNum = check ? await findCheckNum(ctx.db, ctx.accountId, checkId) : null;
  const id = decodeRunId('result', checkResultId);
  const row = check && checkNum !== null && id !== null ? await findResult(ctx.db, checkNum, id) : undefined;
  if (!check || !row) throw AppError.notFound();
  const location = (await locationNames(ctx.db)).get(row.location) ?? 'unknown';
  return await resultView(ctx.db, row, { checkId: check.id, name: check.name, checkType: check.checkType }, location);
}

export interface AssetManifest {
  assets: never[];
  truncated: boolean;
}

/**
 * The public API's asset manifest of a result. Sightline keeps no files of a run (a multi-step run's
 * folder is removed when it ends; logs, hops and steps are in the result itself), so every existing
 * result has an empty manifest; an unknown check or result is a 404.
 */
export async function getCheckResultAssets(ctx: ServiceContext, checkId: string, checkResultId: string): Promise<AssetManifest> {
  await getCheckResult(ctx, checkId, checkResultId);
  return { assets: [], truncated: false };
}
