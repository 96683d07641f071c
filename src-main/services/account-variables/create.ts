import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { countAccountVariables, findAccountVariable, insertAccountVariable } from '../../db/repositories/account-variables';
import { SECRET_MASK } from '../../../src-shared/rules/secrets';
import { ACCOUNT_VARIABLES_MAX, type AccountVariable, type AccountVariableCreate } from '../../../src-shared/schemas/account-variable';
import type { ServiceContext } from '../context';
import { accountVariableRead } from './read-shape';

/** Adds a variable; a key the account already has is a 409 (the CLI's "already exists"). */
export function createAccountVariable(ctx: ServiceContext, body: AccountVariableCreate): AccountVariable {
  if (body.secret && body.value === SECRET_MASK) {
    throw new AppError('validation', `value: "${SECRET_MASK}" is how a stored secret reads back, and ${body.key} has no stored secret to keep; send the value itself`);
  }
  const now = ctx.clock.now().toISOString();
  return transaction(ctx.db, (tx) => {
    if (findAccountVariable(tx, ctx.accountId, body.key)) {
      throw new AppError('conflict', `An environment variable with key "${body.key}" already exists; change it with PUT /v1/variables/${body.key}`, { key: body.key });
    }
    if (countAccountVariables(tx, ctx.accountId) >= ACCOUNT_VARIABLES_MAX) {
      throw new AppError('validation', `key: an account has at most ${ACCOUNT_VARIABLES_MAX} environment variables; remove one first`);
    }
    const row = {
      accountId: ctx.accountId,
      key: body.key,
      value: body.secret ? ctx.keyring.seal(body.value) : body.value,
      locked: body.locked,
      secret: body.secret,
      createdAt: now,
      updatedAt: now,
    };
    insertAccountVariable(tx, row);
    return accountVariableRead(row);
  });
}
