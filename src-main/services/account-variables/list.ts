import { listAccountVariables } from '../../db/repositories/account-variables';
import type { AccountVariable, AccountVariableListQuery } from '../../../src-shared/schemas/account-variable';
import type { ServiceContext } from '../context';
import { accountVariableRead } from './read-shape';

export interface AccountVariablePage {
  variables: AccountVariable[];
  /** Where this page starts in the whole list, and the whole list's length (for content-range). */
  offset: number;
  total: number;
}

/** The account's variables, oldest first; the whole list unless `limit` or `page` asks for a page. */
export function listAccountVariablesPage(ctx: ServiceContext, query: AccountVariableListQuery = {}): AccountVariablePage {
  const all = listAccountVariables(ctx.db, ctx.accountId).map(accountVariableRead);
  if (query.limit === undefined && query.page === undefined) return { variables: all, offset: 0, total: all.length };
  const limit = query.limit ?? 10;
  const offset = ((query.page ?? 1) - 1) * limit;
  return { variables: all.slice(offset, offset + limit), offset, total: all.length };
}
