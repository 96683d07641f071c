import type { ServiceContext } from '../context';
import { TRACEROUTE_CHECK } from './check-types';
import { createCheck, DEFAULT_CREATE_OPTIONS, type CreateOptions } from './create';
import type { CheckView } from './read-shape';

export function createTracerouteCheck(ctx: ServiceContext, input: unknown, options: CreateOptions = DEFAULT_CREATE_OPTIONS): CheckView {
  return createCheck(ctx, TRACEROUTE_CHECK, input, options);
}
