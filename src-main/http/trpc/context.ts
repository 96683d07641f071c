import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Credentials } from '../../services/auth/authenticate';
import type { HttpDeps } from '../deps';
import { credentialsOf } from '../rest/auth';

export interface TrpcContext {
  deps: HttpDeps;
  credentials: Credentials;
}

export function createContextFactory(deps: HttpDeps) {
  return ({ req }: CreateFastifyContextOptions): TrpcContext => ({ deps, credentials: credentialsOf(req) });
}
