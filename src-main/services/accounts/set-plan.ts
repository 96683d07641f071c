import { AppError } from '../../core/errors';
import { findAccount, updateAccount } from '../../db/repositories/accounts';
import { PlanUpdate } from '../../../src-shared/schemas/account';
import { parseOrThrow } from '../validation';
import type { ServiceContext, ServiceDeps } from '../context';
import { getMyAccount, type AccountView } from './get-me';

/**
 * Sets the plan's maximum number of checks (null = unlimited). Lowering it below the number of
 * existing checks deletes nothing: only further creates answer 402.
 */
export function setPlan(ctx: ServiceContext, input: unknown): AccountView {
  const body = parseOrThrow(PlanUpdate, input);
  if (!findAccount(ctx.db, ctx.accountId)) throw AppError.notFound();
  updateAccount(ctx.db, ctx.accountId, { maxChecks: body.maxChecks });
  return getMyAccount(ctx);
}

/** The plan limit given at start (--max-checks / SIGHTLINE_MAX_CHECKS); undefined keeps the stored one. */
export function applyConfiguredPlan(deps: ServiceDeps, accountId: string, maxChecks: number | null | undefined): void {
  if (maxChecks === undefined) return;
  setPlan({ ...deps, accountId }, { maxChecks });
}
