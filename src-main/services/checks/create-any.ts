import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import type { CheckTypeDefinition } from './check-type';
import { ICMP_CHECK, MULTI_STEP_CHECK, TRACEROUTE_CHECK } from './check-types';
import { createCheck, type CreateOptions } from './create';
import type { CheckView } from './read-shape';
import { updateCheck } from './update';

/** The check types Sightline can run; the generic `/v1/checks` create dispatches to them. */
export const RUNNABLE_CHECK_TYPES: readonly CheckTypeDefinition[] = [ICMP_CHECK, TRACEROUTE_CHECK, MULTI_STEP_CHECK];

const SUPPORTED = RUNNABLE_CHECK_TYPES.map((t) => t.checkType).join(', ');

function typeOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>).checkType : undefined;
}

function definitionFor(checkType: unknown): CheckTypeDefinition {
  const found = RUNNABLE_CHECK_TYPES.find((t) => t.checkType === checkType);
  if (found) return found;
  const named = typeof checkType === 'string' ? `"${checkType}" cannot be run by Sightline` : 'is required';
  throw new AppError('validation', `checkType: ${named}; supported check types are ${SUPPORTED}`);
}

/** `POST /v1/checks`: the body's `checkType` picks the monitor type; the type's own rules apply. */
export function createAnyCheck(ctx: ServiceContext, input: unknown, options: CreateOptions): CheckView {
  return createCheck(ctx, definitionFor(typeOf(input)), input, options);
}

/** `PUT /v1/checks/{id}`: the stored check's type decides; a `checkType` naming another type is a 400. */
export function updateAnyCheck(ctx: ServiceContext, id: string, input: unknown): CheckView {
  const existing = findCheck(ctx.db, ctx.accountId, id);
  if (!existing) throw AppError.notFound();
  const named = typeOf(input);
  if (named !== undefined && named !== existing.checkType) {
    throw new AppError('validation', `checkType: a ${existing.checkType} check cannot become ${String(named)}; create a new check instead`);
  }
  const definition = RUNNABLE_CHECK_TYPES.find((t) => t.checkType === existing.checkType);
  if (!definition) throw new AppError('validation', `checkType: ${existing.checkType} checks cannot be changed in Sightline; supported check types are ${SUPPORTED}`);
  return updateCheck(ctx, definition, id, input);
}
