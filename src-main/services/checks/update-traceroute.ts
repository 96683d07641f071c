import type { ServiceContext } from '../context';
import { TRACEROUTE_CHECK } from './check-types';
import type { CheckView } from './read-shape';
import { updateCheck } from './update';

export function updateTracerouteCheck(ctx: ServiceContext, id: string, input: unknown): CheckView {
  return updateCheck(ctx, TRACEROUTE_CHECK, id, input);
}
