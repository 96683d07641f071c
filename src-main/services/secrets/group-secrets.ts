import { AppError } from '../../core/errors';
import type { Keyring } from '../../core/keyring';
import { maskApiCheckDefaults, maskEnvironment, SECRET_MASK } from '../../../src-shared/rules/secrets';
import { hasPlainSecrets, openEnvironment, resolveEnvironment, sealEnvironment, type EnvironmentInput } from './environment';
import { hasPlainKeyValues, openKeyValues, openValue, resolveKeyValues, sealKeyValues } from './key-values';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasValue = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A check group's secrets: its secret environment variables and, in `apiCheckDefaults`, secret header
 * and query values and the basic-auth password. Read shapes mask them; writes resolve masks against
 * the stored (opened) values in plaintext, validate, then seal.
 */
export function maskGroupSecrets<T extends Record<string, unknown>>(body: T): T {
  const out: Record<string, unknown> = { ...body };
  if ('environmentVariables' in body) out.environmentVariables = maskEnvironment(body.environmentVariables);
  if ('apiCheckDefaults' in body) out.apiCheckDefaults = maskApiCheckDefaults(body.apiCheckDefaults);
  return out as T;
}

/** The stored body with every secret opened. */
export function openGroupSecrets<T extends Record<string, unknown>>(keyring: Keyring, body: T): T {
  const out: Record<string, unknown> = { ...body };
  if ('environmentVariables' in body) out.environmentVariables = openEnvironment(keyring, body.environmentVariables);
  const defaults = body.apiCheckDefaults;
  if (isRecord(defaults)) {
    const next: Record<string, unknown> = { ...defaults };
    if ('headers' in defaults) next.headers = openKeyValues(keyring, defaults.headers);
    if ('queryParameters' in defaults) next.queryParameters = openKeyValues(keyring, defaults.queryParameters);
    if (isRecord(defaults.basicAuth) && keyring.isSealed(defaults.basicAuth.password)) next.basicAuth = { ...defaults.basicAuth, password: openValue(keyring, defaults.basicAuth.password) ?? '' };
    out.apiCheckDefaults = next;
  }
  return out as T;
}

/** Before validation: masks (and left-out secret values) replaced by the stored plaintext; a mask with nothing stored is a 400. */
export function resolveGroupSecrets(merged: Record<string, unknown>, storedPlain: Record<string, unknown> | null): Record<string, unknown> {
  const out: Record<string, unknown> = { ...merged };
  if (out.environmentVariables !== undefined) {
    out.environmentVariables = resolveEnvironment(out.environmentVariables as EnvironmentInput[] | null, storedPlain?.environmentVariables);
  }
  const defaults = out.apiCheckDefaults;
  if (isRecord(defaults)) {
    const stored = isRecord(storedPlain?.apiCheckDefaults) ? storedPlain.apiCheckDefaults : {};
    const next: Record<string, unknown> = { ...defaults };
    if ('headers' in defaults) next.headers = resolveKeyValues(defaults.headers, stored.headers, 'apiCheckDefaults.headers');
    if ('queryParameters' in defaults) next.queryParameters = resolveKeyValues(defaults.queryParameters, stored.queryParameters, 'apiCheckDefaults.queryParameters');
    if (isRecord(defaults.basicAuth) && defaults.basicAuth.password === SECRET_MASK) {
      const password = isRecord(stored.basicAuth) ? stored.basicAuth.password : undefined;
      if (!hasValue(password)) {
        throw new AppError('validation', `apiCheckDefaults.basicAuth.password: "${SECRET_MASK}" is how a stored password reads back, and this group has none to keep; send the password itself`);
      }
      next.basicAuth = { ...defaults.basicAuth, password };
    }
    out.apiCheckDefaults = next;
  }
  return out;
}

/** A validated (plaintext) body as it is stored: every secret sealed. */
export function sealGroupSecrets<T extends object>(keyring: Keyring, body: T): T {
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if ('environmentVariables' in out) out.environmentVariables = sealEnvironment(keyring, out.environmentVariables as EnvironmentInput[] | null);
  const defaults = out.apiCheckDefaults;
  if (isRecord(defaults)) {
    const next: Record<string, unknown> = { ...defaults, headers: sealKeyValues(keyring, defaults.headers), queryParameters: sealKeyValues(keyring, defaults.queryParameters) };
    if (isRecord(defaults.basicAuth) && hasValue(defaults.basicAuth.password)) next.basicAuth = { ...defaults.basicAuth, password: keyring.seal(defaults.basicAuth.password) };
    out.apiCheckDefaults = next;
  }
  return out as T;
}

/** Whether a stored group still holds a secret in plaintext (written before sealing existed). */
export function groupNeedsSealing(keyring: Keyring, body: Record<string, unknown>): boolean {
  if (hasPlainSecrets(keyring, body.environmentVariables)) return true;
  const defaults = body.apiCheckDefaults;
  if (!isRecord(defaults)) return false;
  if (hasPlainKeyValues(keyring, defaults.headers) || hasPlainKeyValues(keyring, defaults.queryParameters)) return true;
  return isRecord(defaults.basicAuth) && hasValue(defaults.basicAuth.password) && !keyring.isSealed(defaults.basicAuth.password);
}
