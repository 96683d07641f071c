import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HttpDeps } from '../../deps';
import { checkGroupChecksRoutes } from './checks';
import { checkGroupV1Routes } from './v1';
import { checkGroupV2Routes } from './v2';

/** Every /v1 and /v2 check-groups route. */
export function checkGroupRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(checkGroupV2Routes(deps));
    await app.register(checkGroupV1Routes(deps));
    await app.register(checkGroupChecksRoutes(deps));
  };
}
