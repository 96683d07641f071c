import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { assertOwnAccount, principalOfKeyHash, type ActiveSession, type Principal } from '../../services/auth';
import type { HttpDeps } from '../deps';
import { credentialsOf } from '../rest/auth';
import { readCookie } from './cookie';

export const SESSION_ENDED_MESSAGE = 'Signed out: the console session ended (signed out, expired, or its API key was revoked). Sign in with an API key again.';

/** The session id the request's cookie carries, if any. */
export function sessionIdOf(deps: HttpDeps, request: FastifyRequest): string | null {
  return readCookie(request.headers.cookie, deps.consoleSession.cookieName);
}

export interface SessionPrincipal {
  principal: Principal;
  /** The key's keyed hash: its request budget is the key's own. */
  keyHash: string;
  session: ActiveSession;
}

/**
 * Who a console session acts for: the key it was opened with, looked up as it is stored now. An
 * address blocked for failed authentications is refused first, as for a key. An unknown or ended
 * session answers 401 without counting as a failed authentication: a session id is 256 random bits,
 * so there is nothing to guess, and a restart (which ends every session) must not lock browsers out.
 */
export function authenticateSession(deps: HttpDeps, request: FastifyRequest, sessionId: string): SessionPrincipal {
  deps.limits.authFailures.assertNotBlocked(request.ip);
  const store = deps.consoleSession.store;
  const session = store.use(sessionId);
  if (!session) throw new AppError('unauthorized', SESSION_ENDED_MESSAGE);
  const principal = principalOfKeyHash(deps.services, deps.launchTokens, session.keyHash);
  if (!principal) {
    // The key was revoked or its member removed: every session it opened ends now.
    store.endForKey(session.keyHash);
    throw new AppError('unauthorized', SESSION_ENDED_MESSAGE);
  }
  assertOwnAccount(principal, credentialsOf(request).accountHeaders);
  return { principal, keyHash: session.keyHash, session };
}
