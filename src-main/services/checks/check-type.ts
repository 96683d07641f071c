import type { z } from 'zod';
import type { CheckType } from '../../../src-shared/enums';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';
import type { ValidatedCheckBody } from './store';

/** What the shared create/update pipeline needs to know about one monitor type. */
export interface CheckTypeDefinition {
  checkType: CheckType;
  /** The full body: a create, and a stored monitor with a PUT merged over it. */
  create: z.ZodType<ValidatedCheckBody>;
  /** The PUT body: every member optional. */
  update: z.ZodType<{ alertChannelSubscriptions?: AlertChannelSubscription[] } & Record<string, unknown>>;
  /** Object members whose named members merge into the stored object on PUT (the `request` of a monitor). */
  mergedObjects: readonly string[];
}
