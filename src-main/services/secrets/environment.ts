import { AppError } from '../../core/errors';
import type { Keyring } from '../../core/keyring';
import { SECRET_MASK } from '../../../src-shared/rules/secrets';
import { openKeyValues, openValue } from './key-values';
import type { RunJob } from '../../runner/jobs';

/** An environment variable as a parsed body carries it: `value` may be left out only to keep a stored secret. */
export interface EnvironmentInput {
  key: string;
  value?: string | null;
  locked?: boolean;
  secret?: boolean;
}

export interface ResolvedVariable {
  key: string;
  value: string | null;
  locked: boolean;
  secret: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function variablesOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** Stored variables with their secret values opened (plaintext written before sealing existed passes through). */
export function openEnvironment<T>(keyring: Keyring, variables: T): T {
  if (!Array.isArray(variables)) return variables;
  return variables.map((variable: unknown) =>
    isRecord(variable) && variable.secret === true && keyring.isSealed(variable.value) ? { ...variable, value: openValue(keyring, variable.value) } : variable,
  ) as T;
}

/**
 * The variables to store, in plaintext, from the ones a create or update sent and the opened stored
 * ones: a stored secret sent back as the mask, as null or without a value keeps its value; a new
 * value replaces it; a stored secret never turns plain (400). Seal the result with sealEnvironment.
 */
export function resolveEnvironment(incoming: readonly EnvironmentInput[] | null | undefined, storedPlain: unknown, field = 'environmentVariables'): ResolvedVariable[] | null {
  if (!incoming) return null;
  const secrets = new Map<string, string | null>();
  for (const variable of variablesOf(storedPlain)) {
    if (variable.secret === true && typeof variable.key === 'string') secrets.set(variable.key, typeof variable.value === 'string' ? variable.value : null);
  }
  return incoming.map((variable, index) => {
    const at = `${field}[${index}]`;
    const locked = variable.locked === true;
    if (secrets.has(variable.key)) {
      if (variable.secret !== true) {
        throw new AppError(
          'validation',
          `${at}.secret: ${variable.key} is stored as a secret and stays one (a secret's value cannot be unlocked); send secret: true, or remove the variable in one update and add a plain one in the next`,
        );
      }
      const keeps = variable.value === undefined || variable.value === null || variable.value === SECRET_MASK;
      return { key: variable.key, value: keeps ? (secrets.get(variable.key) ?? null) : (variable.value as string), locked, secret: true };
    }
    if (variable.value === undefined) {
      throw new AppError('validation', `${at}.value: is required (only a stored secret's value may be left out to keep it)`);
    }
    if (variable.secret === true && variable.value === SECRET_MASK) {
      throw new AppError('validation', `${at}.value: "${SECRET_MASK}" is how a stored secret reads back, and ${variable.key} has no stored secret here to keep; send the value itself`);
    }
    return { key: variable.key, value: variable.value, locked, secret: variable.secret === true };
  });
}

/** Seals every secret value of resolved (plaintext) variables. */
export function sealEnvironment<T extends { value?: string | null; secret?: boolean }>(keyring: Keyring, variables: readonly T[] | null | undefined): T[] | null {
  if (!variables) return null;
  return variables.map((variable) => (variable.secret === true && typeof variable.value === 'string' ? { ...variable, value: keyring.seal(variable.value) } : variable));
}

/** Seals the secret values still stored in plaintext (written before sealing existed); sealed ones stay as they are. */
export function sealPlainSecrets(keyring: Keyring, variables: unknown): unknown {
  if (!Array.isArray(variables)) return variables;
  return variables.map((variable: unknown) =>
    isRecord(variable) && variable.secret === true && typeof variable.value === 'string' && !keyring.isSealed(variable.value) ? { ...variable, value: keyring.seal(variable.value) } : variable,
  );
}

/** Whether any secret value is still stored in plaintext (written before sealing existed). */
export function hasPlainSecrets(keyring: Keyring, variables: unknown): boolean {
  return variablesOf(variables).some((variable) => variable.secret === true && typeof variable.value === 'string' && !keyring.isSealed(variable.value));
}

/**
 * A parsed create body with its secret variables resolved (a mask has nothing to keep on create: 400)
 * and sealed, ready to store.
 */
export function sealNewEnvironment<T extends object>(keyring: Keyring, body: T, field = 'environmentVariables'): T {
  const variables = (body as { environmentVariables?: EnvironmentInput[] | null }).environmentVariables;
  if (variables === undefined) return body;
  return { ...body, environmentVariables: sealEnvironment(keyring, resolveEnvironment(variables, null, field)) };
}

/**
 * Secrets stay sealed in plans, queues and the agent_jobs table; they are opened only where a job is
 * handed to whatever runs it: the embedded agent's executor, or a remote agent's lease.
 */
export function openExecutionSecrets<E extends { check?: unknown }>(keyring: Keyring, execution: E): E {
  const check = execution.check as { environmentVariables?: unknown; groupDefaults?: unknown } | undefined;
  if (!check) return execution;
  const opened: Record<string, unknown> = { ...check };
  if (Array.isArray(check.environmentVariables)) opened.environmentVariables = openEnvironment(keyring, check.environmentVariables);
  // An API check's group defaults: the group stores its header and query values and its password sealed.
  if (isRecord(check.groupDefaults)) {
    const defaults = check.groupDefaults;
    const auth = defaults.basicAuth;
    opened.groupDefaults = {
      ...defaults,
      headers: openKeyValues(keyring, defaults.headers),
      queryParameters: openKeyValues(keyring, defaults.queryParameters),
      basicAuth: isRecord(auth) && keyring.isSealed(auth.password) ? { ...auth, password: openValue(keyring, auth.password) ?? '' } : auth,
    };
  }
  return { ...execution, check: opened };
}

export function openJobSecrets(keyring: Keyring, job: RunJob): RunJob {
  return { ...job, execution: openExecutionSecrets(keyring, job.execution) };
}
