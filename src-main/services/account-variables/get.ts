import { AppError } from '../../core/errors';
import { findAccountVariable } from '../../db/repositories/account-variables';
import type { AccountVariable } from '../../../src-shared/schemas/account-variable';
import type { ServiceContext } from '../context';
import { accountVariableRead } from './read-shape';

export function getAccountVariable(ctx: ServiceContext, key: string): AccountVariable {
  const row = findAccountVariable(ctx.db, ctx.accountId, key);
  if (!row) throw AppError.notFound();
  return accountVariableRead(row);
}
