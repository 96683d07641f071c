import { AppError } from '../../core/errors';
import { findAccountVariable, listAccountVariables, type AccountVariableRow } from '../../db/repositories/account-variables';
import { SECRET_MASK } from '../../../src-shared/rules/secrets';
import type { AccountVariable, AccountVariableListQuery } from '../../../src-shared/schemas/account-variable';
import type { ServiceContext } from '../context';

/** A variable as every client reads it: a secret's value is the mask, for every role. */
export function accountVariableRead(row: AccountVariableRow): AccountVariable {
  return { key: row.key, value: row.secret ? SECRET_MASK : row.value, locked: row.locked, secret: row.secret };
}

export async function getAccountVariable(ctx: ServiceContext, key: string): Promise<AccountVariable> {
  const row = await findAccountVariable(ctx.db, ctx.accountId, key);
  if (!row) throw AppError.notFound();
  return accountVariableRead(row);
}

export interface AccountVariablePage {
  variables: AccountVariable[];
  /** Where this page starts in the whole list, and the whole list's length (for content-range). */
  offset: number;
  total: number;
}

/** The account's variables, oldest first; the whole list unless `limit` or `page` asks for a page. */
export async function listAccountVariablesPage(ctx: ServiceContext, query: AccountVariableListQuery = {}): Promise<AccountVariablePage> {
  const all = (await listAccountVariables(ctx.db, ctx.accountId)).map(accountVariableRead);
  if (query.limit === undefined && query.page === undefined) return { variables: all, offset: 0, total: all.length };
  const limit = query.limit ?? 10;
  const offset = ((query.page ?? 1) - 1) * limit;
  return { variables: all.slice(offset, offset + limit), offset, total: all.length };
}
