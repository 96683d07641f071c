import { randomUUID } from 'node:crypto';
import { requiredAccess } from '../../src-main/services/auth/access';
import type { TestServer } from '../helpers/server';

export interface RestRoute {
  method: string;
  url: string;
  /** The url with every path parameter filled: the key's own account id, a random uuid elsewhere. */
  path: string;
}

const READ = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every REST operation the running app registered, whoever added it. */
export function restRoutes(server: TestServer): RestRoute[] {
  const seen = new Set<string>();
  const routes: RestRoute[] = [];
  for (const route of server.backend.app.registeredRoutes) {
    if (route.hidden || !/^\/(v\d+|next)\//.test(route.url) || route.method === 'HEAD') continue;
    const id = `${route.method} ${route.url}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === 'accountId' ? server.backend.accountId : randomUUID()));
    routes.push({ method: route.method, url: route.url, path });
  }
  return routes;
}

/** A read by its method, or one listed as a read (POST /v1/analytics/checks). */
export function isRead(route: RestRoute): boolean {
  return READ.has(route.method) || requiredAccess(route.method, route.url) === 'read';
}

/** A body that is at least JSON, so requests that get past the role check fail on validation, not parsing. */
export function bodyFor(route: RestRoute): unknown {
  return isRead(route) || route.method === 'DELETE' ? undefined : {};
}
