/**
 * The console's routes for the pages links point at, and the links themselves. The console routes
 * with a hash (`#/…`), so a link is `<base>/#<route>`; the router and every link sent (alerts,
 * the API's `checkSessionLink`/`checkResultLink`/`testSessionLink`) come from here so they cannot drift apart.
 */
export const CONSOLE_ROUTES = {
  monitor: '/monitors/:id',
  session: '/sessions/:id',
  testSession: '/test-sessions/:id',
  result: '/monitors/:id/results/:resultId',
} as const;

/** A new check's page is `/monitors/new-<segment>` (src-renderer/features/check-types newCheckPath); a check id never starts so. */
export const NEW_CHECK_PATH_PREFIX = '/monitors/new-';

export const sessionRoute = (checkSessionId: string): string => `/sessions/${encodeURIComponent(checkSessionId)}`;
export const testSessionRoute = (testSessionId: string): string => `/test-sessions/${encodeURIComponent(testSessionId)}`;
export const resultRoute = (checkId: string, checkResultId: string): string =>
  `/monitors/${encodeURIComponent(checkId)}/results/${encodeURIComponent(checkResultId)}`;

/** `http://host:4310` + `/sessions/x` → `http://host:4310/#/sessions/x`; a base with a path keeps it, a trailing slash is ignored. */
export function consoleLink(base: string, route: string): string {
  return `${base.replace(/\/+$/, '')}/#${route}`;
}
