import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type Principal } from '../../services/auth/authenticate';
import type { ServiceContext } from '../../services/context';
import type { HttpDeps } from '../deps';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function credentialsOf(request: FastifyRequest) {
  return {
    authorization: header(request, 'authorization'),
    accountHeader: header(request, 'x-service-account') ?? header(request, 'x-checkly-account'),
  };
}

/** Every route registered in this scope requires a key; runs before the body is parsed or validated. */
export function requireApiKey(app: FastifyInstance, deps: HttpDeps): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    request.principal = authenticate(deps.services, deps.launchTokens, credentialsOf(request));
  });
}

export function serviceContext(deps: HttpDeps, request: FastifyRequest): ServiceContext {
  if (!request.principal) throw new Error('route registered outside the authenticated scope');
  return { ...deps.services, accountId: request.principal.accountId };
}
