import type { ServiceContext } from '../context';
import { ICMP_CHECK } from './check-types';
import { createCheck, DEFAULT_CREATE_OPTIONS, type CreateOptions } from './create';
import type { CheckView } from './read-shape';

export type { CreateOptions } from './create';

export function createIcmpCheck(ctx: ServiceContext, input: unknown, options: CreateOptions = DEFAULT_CREATE_OPTIONS): CheckView {
  return createCheck(ctx, ICMP_CHECK, input, options);
}
