import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import { openEnvironment, resolveEnvironment, sealEnvironment, type EnvironmentInput } from '../secrets/environment';
import { parseOrThrow } from '../validation';
import type { CheckTypeDefinition } from './check-type';
import type { CheckView } from './read-shape';
import { replaceValidatedCheck, storedBody } from './store';
import { updateCheckSubscriptions } from './subscriptions';
import { checkView } from './views';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function definedOnly(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** Named members replace the stored ones; members of `mergedObjects` merge into the stored object. */
export function mergePatch(current: Record<string, unknown>, patch: Record<string, unknown>, mergedObjects: readonly string[]): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current, ...definedOnly(patch) };
  for (const key of mergedObjects) {
    const stored = current[key];
    const named = patch[key];
    if (isRecord(stored) && isRecord(named)) merged[key] = { ...stored, ...definedOnly(named) };
  }
  return merged;
}

/** PUT merges the named members over the stored monitor, then validates the result as a whole; a rejected PUT changes nothing. */
export function updateCheck(ctx: ServiceContext, type: CheckTypeDefinition, id: string, input: unknown): CheckView {
  const patch = parseOrThrow(type.update, input);
  const row = transaction(ctx.db, (tx) => {
    const existing = findCheck(tx, ctx.accountId, id);
    if (!existing || existing.checkType !== type.checkType) throw AppError.notFound();
    // Validated in plaintext, stored sealed: a secret sent back masked, as null or without a value keeps its stored value.
    const stored = storedBody(existing);
    const storedEnvironment = openEnvironment(ctx.keyring, stored.environmentVariables);
    const merged = mergePatch({ ...stored, environmentVariables: storedEnvironment }, patch, type.mergedObjects);
    if (merged.environmentVariables !== undefined) {
      merged.environmentVariables = resolveEnvironment(merged.environmentVariables as EnvironmentInput[] | null, storedEnvironment);
    }
    const parsed = parseOrThrow(type.create, merged);
    const body = { ...parsed, environmentVariables: sealEnvironment(ctx.keyring, (parsed as { environmentVariables?: EnvironmentInput[] | null }).environmentVariables) };
    if (patch.alertChannelSubscriptions) updateCheckSubscriptions(tx, ctx, existing.id, patch.alertChannelSubscriptions);
    return replaceValidatedCheck(tx, ctx, existing, body);
  });
  return checkView(ctx.db, row);
}
