import { z } from 'zod';
import { CheckRead } from './check-common';
import { RUN_TYPE_MODULES } from '../check-types';

/** `/v2` and `/v3` reads leave out the flat project members (public API). */
const FLAT_PROJECT = { project: true, logicalId: true, member: true, pending: true } as const;

/** `/v3`: the intent's two lists become one typed list. */
export const CheckIntentV3 = z.strictObject({
  goal: z.string().min(1).max(2000),
  constraints: z.array(z.strictObject({ type: z.enum(['REQUIRED_OUTCOME', 'MUST_PRESERVE']), statement: z.string().min(1).max(1000) })).max(40),
});

const v3 = { intent: CheckIntentV3.nullable().optional() };

export const AnyCheckV2 = z
  .union([...RUN_TYPE_MODULES.map((module) => module.read.omit(FLAT_PROJECT)), CheckRead.omit(FLAT_PROJECT)])
  .describe('A check of any type (/v2 shape)');

export const AnyCheckV3 = z
  .union([...RUN_TYPE_MODULES.map((module) => module.read.omit(FLAT_PROJECT).extend(v3)), CheckRead.omit(FLAT_PROJECT).extend(v3)])
  .describe('A check of any type (/v3 shape)');
