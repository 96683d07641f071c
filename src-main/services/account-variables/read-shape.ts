import type { AccountVariableRow } from '../../db/repositories/account-variables';
import { SECRET_MASK } from '../../../src-shared/rules/secrets';
import type { AccountVariable } from '../../../src-shared/schemas/account-variable';

/** A variable as every client reads it: a secret's value is the mask, for every role. */
export function accountVariableRead(row: AccountVariableRow): AccountVariable {
  return { key: row.key, value: row.secret ? SECRET_MASK : row.value, locked: row.locked, secret: row.secret };
}
