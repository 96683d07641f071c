import type { z } from 'zod';
import { AppError } from '../../core/errors';
import type { CheckType } from '../../../src-shared/enums';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';
import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../src-shared/schemas/icmp-monitor';
import { MultiStepCheckCreate, MultiStepCheckUpdate } from '../../../src-shared/schemas/multistep-check';
import { TracerouteMonitorCreate, TracerouteMonitorUpdate } from '../../../src-shared/schemas/traceroute-monitor';
import type { ValidatedCheckBody } from './store';

/** A PUT body of some monitor type: every member optional. */
export type CheckPatch = { alertChannelSubscriptions?: AlertChannelSubscription[] } & Record<string, unknown>;

/** A create body of a type Sightline runs, as its type's schema parsed it. */
export type RunnableCheckCreate = IcmpMonitorCreate | TracerouteMonitorCreate | MultiStepCheckCreate;

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

export const ICMP_CHECK: CheckTypeDefinition<IcmpMonitorCreate, IcmpMonitorUpdate> = {
  checkType: 'ICMP',
  create: IcmpMonitorCreate,
  update: IcmpMonitorUpdate,
  mergedObjects: ['request'],
};

export const TRACEROUTE_CHECK: CheckTypeDefinition<TracerouteMonitorCreate, TracerouteMonitorUpdate> = {
  checkType: 'TRACEROUTE',
  create: TracerouteMonitorCreate,
  update: TracerouteMonitorUpdate,
  mergedObjects: ['request'],
};

export const MULTI_STEP_CHECK: CheckTypeDefinition<MultiStepCheckCreate, MultiStepCheckUpdate> = {
  checkType: 'MULTI_STEP',
  create: MultiStepCheckCreate,
  update: MultiStepCheckUpdate,
  mergedObjects: [],
};

/** The check types Sightline can run; the generic `/v1/checks` writes dispatch to them. */
export const RUNNABLE_CHECK_TYPES: readonly CheckTypeDefinition<RunnableCheckCreate>[] = [ICMP_CHECK, TRACEROUTE_CHECK, MULTI_STEP_CHECK];

export const SUPPORTED_CHECK_TYPES = RUNNABLE_CHECK_TYPES.map((t) => t.checkType).join(', ');

/** The definition a generic write's `checkType` names; 400 for a type Sightline cannot run. */
export function checkTypeNamed(checkType: string | undefined): CheckTypeDefinition<RunnableCheckCreate> {
  const found = RUNNABLE_CHECK_TYPES.find((t) => t.checkType === checkType);
  if (found) return found;
  const named = checkType !== undefined ? `"${checkType}" cannot be run by Sightline` : 'is required';
  throw new AppError('validation', `checkType: ${named}; supported check types are ${SUPPORTED_CHECK_TYPES}`);
}
