import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import {
  countAccountVariables,
  deleteAccountVariable as removeAccountVariable,
  findAccountVariable,
  insertAccountVariable,
  updateAccountVariable as storeAccountVariable,
} from '../../db/repositories/account-variables';
import { lockAccount } from '../../db/row-locks';
import { SECRET_MASK } from '../../../src-shared/rules/secrets';
import { ACCOUNT_VARIABLES_MAX, type AccountVariable, type AccountVariableCreate, type AccountVariableUpdate } from '../../../src-shared/schemas/account-variable';
import type { ServiceContext } from '../context';
import { accountVariableRead } from './read';

/** Adds a variable; a key the account already has is a 409 (the CLI's "already exists"). */
export async function createAccountVariable(ctx: ServiceContext, body: AccountVariableCreate): Promise<AccountVariable> {
  if (body.secret && body.value === SECRET_MASK) {
    throw new AppError('validation', `value: "${SECRET_MASK}" is how a stored secret reads back, and ${body.key} has no stored secret to keep; send the value itself`);
  }
  const now = ctx.clock.now().toISOString();
  return await transaction(ctx.db, async (tx) => {
    // Creates through two servers check the key and count one after the other: the usual 409, and
    // never more than the maximum.
    await lockAccount(tx, ctx.accountId);
    if (await findAccountVariable(tx, ctx.accountId, body.key)) {
      throw new AppError('conflict', `An environment variable with key "${body.key}" already exists; change it with PUT /v1/variables/${body.key}`, { key: body.key });
    }
    if (await countAccountVariables(tx, ctx.accountId) >= ACCOUNT_VARIABLES_MAX) {
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
    await insertAccountVariable(tx, row);
    return accountVariableRead(row);
  });
}

/**
 * Changes a variable's value and flags (docs/DECISIONS.md, "Secrets"): a stored secret sent back as
 * the mask keeps its value and never turns plain; the key cannot be changed.
 */
export async function updateAccountVariable(ctx: ServiceContext, key: string, body: AccountVariableUpdate): Promise<AccountVariable> {
  if (body.key !== undefined && body.key !== key) {
    throw new AppError('validation', `key: the key of an environment variable cannot be changed (the path names ${key}); add a new variable and remove this one`);
  }
  const now = ctx.clock.now().toISOString();
  return await transaction(ctx.db, async (tx) => {
    // The account row rather than the variable's (its key is two columns): an update through another
    // server commits first, so "a secret stays a secret" is judged against the stored row.
    await lockAccount(tx, ctx.accountId);
    const stored = await findAccountVariable(tx, ctx.accountId, key);
    if (!stored) throw AppError.notFound();
    if (stored.secret && !body.secret) {
      throw new AppError(
        'validation',
        `secret: ${key} is stored as a secret and stays one (a secret's value cannot be unlocked); send secret: true, or remove the variable and add a plain one`,
      );
    }
    let value: string;
    if (body.value === SECRET_MASK && stored.secret) value = stored.value;
    else if (body.value === SECRET_MASK && body.secret) {
      throw new AppError('validation', `value: "${SECRET_MASK}" is how a stored secret reads back, and ${key} has no stored secret to keep; send the value itself`);
    } else value = body.secret ? ctx.keyring.seal(body.value) : body.value;
    const row = { ...stored, value, locked: body.locked, secret: body.secret, updatedAt: now };
    await storeAccountVariable(tx, row);
    return accountVariableRead(row);
  });
}

export async function deleteAccountVariable(ctx: ServiceContext, key: string): Promise<void> {
  if (!await removeAccountVariable(ctx.db, ctx.accountId, key)) throw AppError.notFound();
}
