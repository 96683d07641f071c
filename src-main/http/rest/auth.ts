import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertAccess, assertSameAccount, authenticate, requiredAccess, type Access, type Credentials, type Principal } from '../../services/auth';
import type { ActorContext } from '../../services/accounts';
import type { ServiceContext } from '../../services/context';
import type { HttpDeps } from '../deps';
import { errorResponses } from './common';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** What the route needs beyond its method's default (services/auth/access.ts). */
    access?: Access;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const ACCOUNT_HEADERS = ['x-service-account', 'x-checkly-account'];

export function credentialsOf(request: FastifyRequest): Credentials {
  return {
    authorization: header(request, 'authorization'),
    // Every value of either header: each one must name the key's account.
    accountHeaders: ACCOUNT_HEADERS.flatMap((name) => request.headers[name] ?? []),
  };
}

/** Every authenticated route can answer these, so every route documents them. */
function documentAuthErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {});
    const validatesInput = Boolean(schema.body || schema.querystring);
    const common = validatesInput ? errorResponses(400, 401, 403, 429) : errorResponses(401, 403, 429);
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    schema.response = { ...common, ...declared };
  });
}

/**
 * Every route registered in this scope requires a key whose role allows the operation; both are
 * checked before the body is parsed or validated.
 */
export function requireApiKey(app: FastifyInstance, deps: HttpDeps): void {
  app.decorateRequest('principal', null);
  documentAuthErrors(app);
  app.addHook('onRequest', async (request) => {
    const principal = await deps.limits.authFailures.authenticate(request.ip, () => authenticate(deps.services, deps.launchTokens, credentialsOf(request)));
    assertAccess(principal.role, requiredAccess(request.method, request.routeOptions.url ?? request.url, request.routeOptions.config.access));
    request.principal = principal;
  });
}

function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route registered outside the authenticated scope');
  return request.principal;
}

export function serviceContext(deps: HttpDeps, request: FastifyRequest): ServiceContext {
  return { ...deps.services, accountId: principalOf(request).accountId };
}

/** For /v1/accounts/{accountId}/... (403 unless it is the key's account) and /v1/accounts/me/... (accountId omitted). */
export function actorContext(deps: HttpDeps, request: FastifyRequest, accountId?: string): ActorContext {
  const actor = principalOf(request);
  if (accountId !== undefined) assertSameAccount(actor, accountId);
  return { ...deps.services, accountId: actor.accountId, actor };
}
