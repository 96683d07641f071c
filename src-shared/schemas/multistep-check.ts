import { z } from 'zod';
import { FREQUENCIES } from '../enums';
import { NonEmptyString, checkCrossFieldRules, checkReadSchema, commonCheckFields, requiredOnCreate, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';

/** Multi-step checks run at least once a minute: the frequency list has no 0. */
export const MULTI_STEP_FREQUENCIES = FREQUENCIES.filter((f) => f !== 0) as [Exclude<(typeof FREQUENCIES)[number], 0>, ...Exclude<(typeof FREQUENCIES)[number], 0>[]];
export const MultiStepFrequency = z.literal(MULTI_STEP_FREQUENCIES);

export const Dependency = z.object({
  path: z.string().min(1).max(1000),
  content: z.string().min(1),
});
export type Dependency = z.infer<typeof Dependency>;

function multiStepFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...commonCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 100 }),
    checkType: d(z.literal('MULTI_STEP'), 'MULTI_STEP'),
    frequency: d(MultiStepFrequency, 10),
    script: requiredOnCreate(mode, NonEmptyString),
    scriptPath: d(NonEmptyString.nullable(), null),
    dependencies: d(z.array(Dependency).max(100).nullable(), []),
  };
}

export const MultiStepCheckCreate = z.object(multiStepFields('create')).superRefine(checkCrossFieldRules);
export type MultiStepCheckCreate = z.infer<typeof MultiStepCheckCreate>;
export type MultiStepCheckCreateInput = z.input<typeof MultiStepCheckCreate>;

/** PUT body: every member optional; the stored check is merged with it and checked again as a whole. */
export const MultiStepCheckUpdate = z.object(multiStepFields('update'));
export type MultiStepCheckUpdate = z.infer<typeof MultiStepCheckUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const MultiStepCheckRead = checkReadSchema(MultiStepCheckUpdate.shape);

export type MultiStepCheck = MultiStepCheckCreate & CheckReadOnly;
