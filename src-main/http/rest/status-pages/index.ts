import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HttpDeps } from '../../deps';
import { incidentUpdateRoutes } from './incident-updates';
import { incidentRoutes } from './incidents';
import { statusPagePageRoutes } from './pages';
import { statusPageServiceRoutes } from './services';

export function statusPageRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(statusPageServiceRoutes(deps));
    await app.register(incidentRoutes(deps));
    await app.register(incidentUpdateRoutes(deps));
    await app.register(statusPagePageRoutes(deps));
  };
}
