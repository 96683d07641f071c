import { AppError } from '../../core/errors';
import { deleteAccountVariable as removeAccountVariable } from '../../db/repositories/account-variables';
import type { ServiceContext } from '../context';

export function deleteAccountVariable(ctx: ServiceContext, key: string): void {
  if (!removeAccountVariable(ctx.db, ctx.accountId, key)) throw AppError.notFound();
}
