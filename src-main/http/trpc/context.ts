import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { authenticate, type Credentials, type Principal } from '../../services/auth';
import { assertSameOrigin } from '../console-session/origin';
import { authenticateSession, sessionIdOf } from '../console-session/session-auth';
import type { HttpDeps } from '../deps';
import { credentialsOf } from '../rest/auth';
import { toTrpcError } from './errors';

export interface TrpcContext {
  deps: HttpDeps;
  credentials: Credentials;
  /** Who is calling; the procedures check the role. */
  principal: Principal;
  /** How the caller signed in: the API key (or launch token) in Authorization, or the console's session cookie. */
  via: 'key' | 'session';
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Once per HTTP request (a batch of calls counts once, as a REST request does): the address's
 * failed authentications, the key, then the key's request budget shared with REST. Every
 * procedure needs a key, so a failure here answers every call of the request.
 *
 * Without an Authorization header, the console's session cookie stands for the key it was opened
 * with (headless console); a mutation (POST) made with it must also come from the console's own
 * origin. An Authorization header always wins over the cookie.
 */
export function createContextFactory(deps: HttpDeps) {
  return ({ req }: CreateFastifyContextOptions): TrpcContext => {
    const credentials = credentialsOf(req);
    try {
      const sessionId = credentials.authorization === undefined ? sessionIdOf(deps, req) : null;
      if (sessionId) {
        const { principal, keyHash } = authenticateSession(deps, req, sessionId);
        if (!READ_METHODS.has(req.method)) assertSameOrigin(req);
        deps.limits.budget.spend(deps.limits.budget.bucketOfKeyHash(keyHash));
        return { deps, credentials, principal, via: 'session' };
      }
      const principal = deps.limits.authFailures.authenticate(req.ip, () => authenticate(deps.services, deps.launchTokens, credentials));
      deps.limits.budget.spend(deps.limits.budget.bucketOf(credentials.authorization, req.ip));
      return { deps, credentials, principal, via: 'key' };
    } catch (error) {
      throw toTrpcError(error);
    }
  };
}
