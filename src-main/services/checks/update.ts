import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findCheck, lockChecksForUpdate, type CheckRow } from '../../db/repositories/checks';
import type { AnyCheckWrite } from '../../../src-shared/schemas/check-common';
import type { RunType } from '../../../src-shared/check-types';
import type { ServiceContext } from '../context';
import { openEnvironment, resolveEnvironment, sealEnvironment, type EnvironmentInput } from '../secrets';
import { parseOrThrow } from '../validation';
import {
  CHECK_TYPE_DEFINITIONS,
  RUNNABLE_CHECK_TYPES,
  SUPPORTED_CHECK_TYPES,
  type CheckPatch,
  type CheckTypeDefinition,
  type RunnableCheckCreate,
} from './check-types';
import type { CheckView } from './read-shape';
import { lockForDependencies, replaceValidatedCheck, storedBody } from './store';
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
/** The body a PUT stores: the patch merged over the stored monitor, validated whole, secrets sealed. Reads nothing. */
export function mergedCheckBody<Patch extends CheckPatch>(ctx: ServiceContext, type: CheckTypeDefinition<RunnableCheckCreate, Patch>, existing: CheckRow, patch: Patch): RunnableCheckCreate {
  // Validated in plaintext, stored sealed: a secret sent back masked, as null or without a value keeps its stored value.
  const stored = storedBody(existing);
  const storedEnvironment = openEnvironment(ctx.keyring, stored.environmentVariables);
  const merged = mergePatch({ ...stored, environmentVariables: storedEnvironment }, patch, type.mergedObjects);
  if (merged.environmentVariables !== undefined) {
    merged.environmentVariables = resolveEnvironment(merged.environmentVariables as EnvironmentInput[] | null, storedEnvironment);
  }
  const parsed = parseOrThrow(type.create, merged);
  return { ...parsed, environmentVariables: sealEnvironment(ctx.keyring, parsed.environmentVariables) } as RunnableCheckCreate;
}

/** A PUT naming these may change what the check depends on (replaceValidatedCheck then takes the account's row). */
function namesDependencies(patch: CheckPatch): boolean {
  const named = patch as { dependsOn?: unknown; groupId?: unknown };
  return named.dependsOn !== undefined || named.groupId !== undefined;
}

async function updateCheck<Patch extends CheckPatch>(ctx: ServiceContext, type: CheckTypeDefinition<RunnableCheckCreate, Patch>, id: string, patch: Patch): Promise<CheckView> {
  const row = await transaction(ctx.db, async (tx) => {
    // The account's row before the check's (the order every writer locks in), then the check's row
    // before it is read: a PUT on another server waits, then merges over what this one stored.
    if (namesDependencies(patch)) await lockForDependencies(tx, ctx.accountId);
    await lockChecksForUpdate(tx, [id]);
    const existing = await findCheck(tx, ctx.accountId, id);
    if (!existing || existing.checkType !== type.checkType) throw AppError.notFound();
    const body = mergedCheckBody(ctx, type, existing, patch);
    if (patch.alertChannelSubscriptions) await updateCheckSubscriptions(tx, ctx, existing.id, patch.alertChannelSubscriptions);
    return await replaceValidatedCheck(tx, ctx, existing, body);
  });
  return await checkView(ctx, row);
}

/** `PUT /v1/checks/{segment}/{id}` and tRPC's `checks.update{procedure}`: a PUT of one type; another type's id is a 404. */
export async function updateCheckOfType(ctx: ServiceContext, checkType: RunType, id: string, patch: CheckPatch): Promise<CheckView> {
  const type: CheckTypeDefinition<RunnableCheckCreate> = CHECK_TYPE_DEFINITIONS[checkType];
  return await updateCheck(ctx, type, id, patch);
}

/**
 * `PUT /v1/checks/{id}`: the stored check's type decides the rules, so its PUT schema is applied
 * here (after the 404); a `checkType` naming another type is a 400.
 */
export async function updateAnyCheck(ctx: ServiceContext, id: string, input: AnyCheckWrite): Promise<CheckView> {
  const existing = await findCheck(ctx.db, ctx.accountId, id);
  if (!existing) throw AppError.notFound();
  const type = updatableTypeOf(existing, input);
  return await updateCheck(ctx, type, id, parseOrThrow(type.update, input));
}

/** The stored check's type, which a generic PUT must keep (400 otherwise). */
export function updatableTypeOf(existing: CheckRow, input: AnyCheckWrite): CheckTypeDefinition<RunnableCheckCreate> {
  if (input.checkType !== undefined && input.checkType !== existing.checkType) {
    throw new AppError('validation', `checkType: a ${existing.checkType} check cannot become ${input.checkType}; create a new check instead`);
  }
  const type = RUNNABLE_CHECK_TYPES.find((t) => t.checkType === existing.checkType);
  if (!type) throw new AppError('validation', `checkType: ${existing.checkType} checks cannot be changed in Sightline; supported check types are ${SUPPORTED_CHECK_TYPES}`);
  return type;
}
