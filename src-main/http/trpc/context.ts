import { Readable } from 'node:stream';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { authenticate, type Credentials, type Principal } from '../../services/auth';
import { assertSameOrigin } from '../console-session/origin';
import { authenticateSession, sessionIdOf } from '../console-session/session-auth';
import type { HttpDeps } from '../deps';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan, nulCharacterMessage, nulCharacterPath } from '../json-depth';
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
async function authenticateRequest(deps: HttpDeps, req: FastifyRequest): Promise<TrpcContext> {
  const credentials = credentialsOf(req);
  const sessionId = credentials.authorization === undefined ? sessionIdOf(deps, req) : null;
  if (sessionId) {
    const { principal, keyHash } = await authenticateSession(deps, req, sessionId);
    if (!READ_METHODS.has(req.method)) assertSameOrigin(req);
    deps.limits.budget.spend(deps.limits.budget.bucketOfKeyHash(keyHash));
    return { deps, credentials, principal, via: 'session' };
  }
  const principal = await deps.limits.authFailures.authenticate(req.ip, () => authenticate(deps.services, deps.launchTokens, credentials));
  deps.limits.budget.spend(deps.limits.budget.bucketOf(credentials.authorization, req.ip));
  return { deps, credentials, principal, via: 'key' };
}

/** The input tRPC is about to JSON.parse: the POST body (its adapter keeps the text) or the `input` of a GET. */
function assertShallowInput(req: FastifyRequest): void {
  const query = req.query;
  const input = query && typeof query === 'object' && 'input' in query ? query.input : undefined;
  for (const text of [req.body, input]) {
    if (typeof text === 'string' && jsonNestsDeeperThan(text)) throw new AppError('validation', JSON_TOO_DEEP_MESSAGE);
    if (typeof text === 'string' && text.includes('\\u0000')) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue; // tRPC answers what is not JSON itself
      }
      const nul = nulCharacterPath(text, value);
      if (nul) throw new AppError('validation', nulCharacterMessage(nul));
    }
  }
}

/** A stream of nothing that Fastify takes for the whole announced body, so it reads none of it. */
function unreadBody(req: FastifyRequest): Readable {
  const announced = Number(req.headers['content-length']);
  return Object.assign(Readable.from([]), { receivedEncodedLength: Number.isNaN(announced) ? 0 : announced });
}

/**
 * Authentication before the body is read, as REST's onRequest hook does: the key or session is
 * checked in onRequest, and a request that failed has its body left unread; tRPC then answers
 * every call with the failure, in its own shape. An authenticated request's input is scanned for
 * its nesting depth before tRPC parses it.
 */
export function authenticateTrpcRequests(scope: FastifyInstance, deps: HttpDeps): (options: CreateFastifyContextOptions) => TrpcContext {
  const outcomes = new WeakMap<FastifyRequest, TrpcContext | Error>();
  scope.addHook('onRequest', async (request) => {
    try {
      outcomes.set(request, await authenticateRequest(deps, request));
    } catch (error) {
      outcomes.set(request, toTrpcError(error));
    }
  });
  scope.addHook('preParsing', async (request) => {
    if (outcomes.get(request) instanceof Error) return unreadBody(request);
  });
  return ({ req }) => {
    const outcome = outcomes.get(req);
    if (outcome === undefined) throw new Error('tRPC request without the onRequest authentication');
    if (outcome instanceof Error) throw outcome;
    try {
      assertShallowInput(req);
    } catch (error) {
      throw toTrpcError(error);
    }
    return outcome;
  };
}
