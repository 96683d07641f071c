import { AppError } from '../../core/errors';
import type { CheckSession } from '../../../src-shared/schemas/check-session';
import type { ServiceContext } from '../context';
import { loadCheckPlans } from './load-plans';
import { runPlansNow } from './trigger';

/** The console's "Run now": one session of one check at once (runSource SCHEDULE_NOW). */
export function runCheckNow(ctx: ServiceContext, checkId: string): CheckSession {
  const plan = loadCheckPlans(ctx, { accountId: ctx.accountId, checkIds: [checkId] })[0];
  if (!plan) throw AppError.notFound();
  if (!plan.runnable) throw new AppError('validation', `checkType: ${plan.checkType} checks cannot run here`);
  const [session] = runPlansNow(ctx, [plan], 'SCHEDULE_NOW');
  if (!session) throw AppError.notFound();
  return session;
}
