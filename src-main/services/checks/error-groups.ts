import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';

/**
 * The public API's error groups (failures of a check clustered by message, with AI root-cause
 * analysis). Sightline does not cluster errors, so a check has none, as for an account without
 * that feature; each failure's message is in its result.
 */
export async function listErrorGroupsOfCheck(ctx: ServiceContext, checkId: string): Promise<never[]> {
  if (!await findCheck(ctx.db, ctx.accountId, checkId)) throw AppError.notFound();
  return [];
}
