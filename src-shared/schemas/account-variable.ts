import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Account-level environment variables (`/v1/variables`, the public API's EnvironmentVariable*
 * schemas): every multi-step run of the account receives them. Keys are environment variable names:
 * a letter or underscore, then letters, digits and underscores.
 */
export const ACCOUNT_VARIABLE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** At most this many per account (the largest per-check list, ICMP's and traceroute's, is 200). */
export const ACCOUNT_VARIABLES_MAX = 200;

export const AccountVariableKey = z
  .string()
  .min(1)
  .max(LIMITS.envVarKey)
  .regex(ACCOUNT_VARIABLE_KEY_PATTERN, 'Invalid key: use letters, digits and underscores, starting with a letter or underscore');

const Value = z.string().max(LIMITS.envVarValue);

export const AccountVariableCreate = z.object({
  key: AccountVariableKey,
  value: Value,
  locked: z.boolean().default(false),
  secret: z.boolean().default(false),
});
export type AccountVariableCreate = z.infer<typeof AccountVariableCreate>;

/** PUT /v1/variables/{key}: `key`, when sent, must be the one in the path (it cannot be changed). */
export const AccountVariableUpdate = z.object({
  key: AccountVariableKey.optional(),
  value: Value,
  locked: z.boolean().default(false),
  secret: z.boolean().default(false),
});
export type AccountVariableUpdate = z.infer<typeof AccountVariableUpdate>;

/** How a variable reads back: a secret's value is always the mask. */
export const AccountVariable = z.object({
  key: z.string(),
  value: z.string(),
  locked: z.boolean(),
  secret: z.boolean(),
});
export type AccountVariable = z.infer<typeof AccountVariable>;

export const AccountVariableList = z.array(AccountVariable);

export const AccountVariableParams = z.object({ key: z.string().min(1).max(LIMITS.envVarKey) });

/** `limit`/`page` are optional here: without them the whole (bounded) list comes back, so `checkly env ls` shows every variable. */
export const AccountVariableListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).optional(),
});
export type AccountVariableListQuery = z.infer<typeof AccountVariableListQuery>;
