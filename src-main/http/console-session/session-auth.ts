import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { assertOwnAccount, principalOfKeyHash, type ActiveSession, type Principal } from '../../services/auth';
import type { HttpDeps } from '../deps';
import { credentialsOf } from '../rest/auth';
import { readCookie } from './cookie';
import { SESSION_END_MESSAGES, type ConsoleSessionEndReason } from '../../../src-shared/schemas/console-session';

/** The 401 of a request whose session ended: the reason's sentence, then what to do. */
export function sessionEndedMessage(reason: ConsoleSessionEndReason): string {
  return `Signed out (${reason}): ${SESSION_END_MESSAGES[reason]} Sign in with an API key again.`;
}

/** The session id the request's cookie carries, if any. */
export function sessionIdOf(deps: HttpDeps, request: FastifyRequest): string | null {
  return readCookie(request.headers.cookie, deps.consoleSession.cookieName);
}

/** A 401 that carries why the session is gone, for GET /console/session to answer with. */
export class SessionEndedError extends AppError {
  constructor(readonly reason: ConsoleSessionEndReason) {
    super('unauthorized', sessionEndedMessage(reason));
  }
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
export async function authenticateSession(deps: HttpDeps, request: FastifyRequest, sessionId: string): Promise<SessionPrincipal> {
  deps.limits.authFailures.assertNotBlocked(request.ip);
  const store = deps.consoleSession.store;
  const found = await store.use(sessionId);
  if ('ended' in found) throw new SessionEndedError(found.ended);
  const { session } = found;
  const principal = await principalOfKeyHash(deps.services, deps.launchTokens, session.keyHash);
  if (!principal) {
    // The key was revoked or its member removed: every session it opened ends now.
    await store.endForKey(session.keyHash);
    throw new SessionEndedError('key_revoked');
  }
  assertOwnAccount(principal, credentialsOf(request).accountHeaders);
  return { principal, keyHash: session.keyHash, session };
}
