import type { ServiceContext } from '../context';
import { MULTI_STEP_CHECK } from './check-types';
import { createCheck, DEFAULT_CREATE_OPTIONS, type CreateOptions } from './create';
import type { CheckView } from './read-shape';

export function createMultiStepCheck(ctx: ServiceContext, input: unknown, options: CreateOptions = DEFAULT_CREATE_OPTIONS): CheckView {
  return createCheck(ctx, MULTI_STEP_CHECK, input, options);
}
