import type { ServiceContext } from '../context';
import { ICMP_CHECK } from './check-types';
import type { CheckView } from './read-shape';
import { updateCheck } from './update';

export function updateIcmpCheck(ctx: ServiceContext, id: string, input: unknown): CheckView {
  return updateCheck(ctx, ICMP_CHECK, id, input);
}
