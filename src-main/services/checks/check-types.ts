import type { z } from 'zod';
import { AppError } from '../../core/errors';
import type { CheckType } from '../../../src-shared/enums';
import { CHECK_TYPE_MODULES, perRunType, RUN_TYPE_NAMES, type RunType, type RunTypeModule } from '../../../src-shared/check-types';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';
import type { ValidatedCheckBody } from './store';

/** A PUT body of some monitor type: every member optional. */
export type CheckPatch = { alertChannelSubscriptions?: AlertChannelSubscription[] } & Record<string, unknown>;

/** A create body of one type Sightline runs, as its type's schema parsed it. */
export type CheckCreateOf<K extends RunType> = z.output<RunTypeModule<K>['create']>;
/** A PUT body of one type Sightline runs. */
export type CheckUpdateOf<K extends RunType> = z.output<RunTypeModule<K>['update']>;
/** A create body of a type Sightline runs, as its type's schema parsed it. */
export type RunnableCheckCreate = { [K in RunType]: CheckCreateOf<K> }[RunType];

/** What the shared create/update pipeline needs to know about one monitor type. */
export interface CheckTypeDefinition<Create extends ValidatedCheckBody = ValidatedCheckBody, Patch extends CheckPatch = CheckPatch> {
  checkType: CheckType;
  /** The full body: a create, and a stored monitor with a PUT merged over it. */
  create: z.ZodType<Create>;
  /** The PUT body: every member optional. */
  update: z.ZodType<Patch>;
  /** Object members whose named members merge into the stored object on PUT (the `request` of a monitor). */
  mergedObjects: readonly string[];
}

type Definitions = { [K in RunType]: CheckTypeDefinition<CheckCreateOf<K>, CheckUpdateOf<K>> };

/** Each type's definition, from its module in src-shared/check-types. */
export const CHECK_TYPE_DEFINITIONS = perRunType((type) => {
  const { create, update, mergedObjects } = CHECK_TYPE_MODULES[type];
  return { checkType: type, create, update, mergedObjects };
}) as Definitions;

/** The check types Sightline can run; the generic `/v1/checks` writes dispatch to them. */
export const RUNNABLE_CHECK_TYPES: readonly CheckTypeDefinition<RunnableCheckCreate>[] = RUN_TYPE_NAMES.map((type) => CHECK_TYPE_DEFINITIONS[type]);

export const SUPPORTED_CHECK_TYPES = RUN_TYPE_NAMES.join(', ');

/** The definition a generic write's `checkType` names; 400 for a type Sightline cannot run. */
export function checkTypeNamed(checkType: string | undefined): CheckTypeDefinition<RunnableCheckCreate> {
  const found = RUNNABLE_CHECK_TYPES.find((t) => t.checkType === checkType);
  if (found) return found;
  const named = checkType !== undefined ? `"${checkType}" cannot be run by Sightline` : 'is required';
  throw new AppError('validation', `checkType: ${named}; supported check types are ${SUPPORTED_CHECK_TYPES}`);
}
