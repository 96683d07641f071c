import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so tests can check /openapi.json describes each one. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Must run before any route is registered: onRoute hooks see only routes added after them. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: a plugin's own onRoute hook (tRPC's scope) may hide the route after this one ran.
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        get hidden() {
          return Boolean(route.schema?.hide);
        },
      });
    }
  });
}
