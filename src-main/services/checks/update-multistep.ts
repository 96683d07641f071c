import type { ServiceContext } from '../context';
import { MULTI_STEP_CHECK } from './check-types';
import type { CheckView } from './read-shape';
import { updateCheck } from './update';

export function updateMultiStepCheck(ctx: ServiceContext, id: string, input: unknown): CheckView {
  return updateCheck(ctx, MULTI_STEP_CHECK, id, input);
}
