import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getCurrentUser } from '../../services/accounts';
import { authenticateKey, type ActiveSession, type Principal } from '../../services/auth';
import { SIGNED_IN_HINT_COOKIE, type ConsoleSessionEndReason, type ConsoleSessionStatus } from '../../../src-shared/schemas/console-session';
import { SMALL_BODY_LIMIT_BYTES } from '../body-limit';
import type { HttpDeps } from '../deps';
import { credentialsOf } from '../rest/auth';
import { browserUsesHttps, clearedSessionCookie, readCookie, sessionCookie, setSessionCookie } from './cookie';
import { assertSameOrigin } from './origin';
import { authenticateSession, SessionEndedError, sessionIdOf } from './session-auth';

export const CONSOLE_SESSION_PATH = '/console/session';

async function signedIn(deps: HttpDeps, principal: Principal, session: ActiveSession): Promise<ConsoleSessionStatus> {
  const user = await getCurrentUser({ ...deps.services, accountId: principal.accountId, actor: principal });
  return {
    signedIn: true,
    role: principal.role,
    accountId: principal.accountId,
    user: { id: user.id, name: user.name, email: user.email },
    idleExpiresAt: new Date(session.idleExpiresAt).toISOString(),
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
}

function clearCookie(deps: HttpDeps, request: FastifyRequest, reply: FastifyReply): void {
  setSessionCookie(reply, clearedSessionCookie({ name: deps.consoleSession.cookieName, secure: browserUsesHttps(request) }));
}

/**
 * The console's sign-in in headless mode (docs/DECISIONS.md, "Console sessions"), beside the API
 * rather than in it: /v1 stays the specification's, and only the API key in the Authorization
 * header opens it.
 *
 * - POST: the API key in `Authorization: Bearer`, checked like any request (a wrong one counts as a
 *   failed authentication of the address) before the body is read → a new session and its HttpOnly cookie.
 * - GET: whether this browser is signed in, as whom and with which role.
 * - DELETE: signs out (same origin only): the session ends and the cookie is cleared.
 */
export function consoleSessionRoutes(deps: HttpDeps) {
  return async (app: FastifyInstance) => {
    const store = deps.consoleSession.store;
    // Anyone may call these without a key, and none needs a body: a small limit.
    const bodyLimit = SMALL_BODY_LIMIT_BYTES;
    const signIns = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof authenticateKey>>>();
    const authenticateSignIn = async (request: FastifyRequest) => {
      const credentials = credentialsOf(request);
      signIns.set(request, await deps.limits.authFailures.authenticate(request.ip, () => authenticateKey(deps.services, deps.launchTokens, credentials)));
      deps.limits.budget.spend(deps.limits.budget.bucketOf(credentials.authorization, request.ip));
    };
    app.post(CONSOLE_SESSION_PATH, { schema: { hide: true }, bodyLimit, onRequest: authenticateSignIn }, async (request, reply) => {
      const signIn = signIns.get(request);
      if (!signIn) throw new Error('sign-in without an authenticated key');
      const { principal, keyHash } = signIn;
      // Signing in again replaces this browser's session rather than leaving the old one open.
      const previous = sessionIdOf(deps, request);
      if (previous) await store.end(previous, 'replaced');
      const { sessionId, session } = await store.create(keyHash);
      setSessionCookie(reply, sessionCookie({ name: deps.consoleSession.cookieName, secure: browserUsesHttps(request) }, sessionId));
      return reply.status(201).send(await signedIn(deps, principal, session));
    });

    app.get(CONSOLE_SESSION_PATH, { schema: { hide: true }, bodyLimit }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const sessionId = sessionIdOf(deps, request);
      if (!sessionId) {
        // A hint without its session (the session cookie was removed by hand) is cleared too.
        // The hint without this server's cookie: the browser signed in to a server on this host with
        // another data folder (the cookie's name is per folder), or the cookie was removed by hand.
        if (readCookie(request.headers.cookie, SIGNED_IN_HINT_COOKIE) !== null) {
          clearCookie(deps, request, reply);
          return { signedIn: false, reason: 'unknown' } satisfies ConsoleSessionStatus;
        }
        // Neither: the browser signed out (in this tab or another) or never signed in.
        return { signedIn: false, reason: 'signed_out' } satisfies ConsoleSessionStatus;
      }
      let reason: ConsoleSessionEndReason;
      try {
        const { principal, keyHash, session } = await authenticateSession(deps, request, sessionId);
        deps.limits.budget.spend(deps.limits.budget.bucketOfKeyHash(keyHash));
        return await signedIn(deps, principal, session);
      } catch (error) {
        if (!(error instanceof SessionEndedError)) throw error;
        reason = error.reason;
      }
      clearCookie(deps, request, reply);
      return { signedIn: false, reason } satisfies ConsoleSessionStatus;
    });

    app.delete(CONSOLE_SESSION_PATH, { schema: { hide: true }, bodyLimit }, async (request, reply) => {
      assertSameOrigin(request);
      const sessionId = sessionIdOf(deps, request);
      if (sessionId) await store.end(sessionId);
      clearCookie(deps, request, reply);
      return reply.status(204).send();
    });
  };
}
