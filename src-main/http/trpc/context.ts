import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { authenticate, type Credentials, type Principal } from '../../services/auth/authenticate';
import type { HttpDeps } from '../deps';
import { credentialsOf } from '../rest/auth';
import { toTrpcError } from './errors';

export interface TrpcContext {
  deps: HttpDeps;
  credentials: Credentials;
  /** Who is calling; the procedures check the role. */
  principal: Principal;
}

/**
 * Once per HTTP request (a batch of calls counts once, as a REST request does): the address's
 * failed authentications, the key, then the key's request budget shared with REST. Every
 * procedure needs a key, so a failure here answers every call of the request.
 */
export function createContextFactory(deps: HttpDeps) {
  return ({ req }: CreateFastifyContextOptions): TrpcContext => {
    const credentials = credentialsOf(req);
    try {
      const principal = deps.limits.authFailures.authenticate(req.ip, () => authenticate(deps.services, deps.launchTokens, credentials));
      deps.limits.budget.spend(deps.limits.budget.bucketOf(credentials.authorization, req.ip));
      return { deps, credentials, principal };
    } catch (error) {
      throw toTrpcError(error);
    }
  };
}
