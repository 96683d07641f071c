import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { matchPath } from 'react-router';
import type { AppRouter } from '../../src-main/http/trpc/router';
import { CONSOLE_ROUTES, NEW_CHECK_PATH_PREFIX } from '../../src-shared/rules/console-links';
import { statsRangeOf } from '../../src-shared/schemas/monitor-stats';
import { preloadChart } from '../features/monitors/chart-module';
import { overviewInput, parseMonitorListParams } from '../features/monitors/monitor-list-params';

/**
 * The first queries of the page the console opens on, started before React has rendered anything
 * (a route loader, in effect; api-clients.ts startEarly): the header's account and the key's role,
 * and the landing page's own first figures (the Dashboard's summary, the Monitors list's page of
 * rows, a monitor's status and figures for its range), in one batch; a monitor's page also starts
 * loading the chart's module. The components ask for the same queries (same keys) and get these
 * answers, so the page's request no longer waits for the whole console to render first. Everything
 * else is asked by the components as before. Run by app/early-start.ts before the rest of the
 * console's modules: what this file imports is kept light (no Mantine, no check type's schemas).
 */
export function prefetchLandingQueries(queryClient: QueryClient, client: TRPCClient<AppRouter>, hash: string): Promise<void> {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  const started = [queryClient.prefetchQuery(trpc.accounts.me.queryOptions()), queryClient.prefetchQuery(trpc.accounts.whoami.queryOptions())];
  if (path === '' || path === '/') started.push(queryClient.prefetchQuery(trpc.dashboard.summary.queryOptions()));
  if (path === '/monitors') started.push(queryClient.prefetchQuery(trpc.checks.overview.queryOptions(overviewInput(parseMonitorListParams(new URLSearchParams(search))))));
  const monitor = matchPath(CONSOLE_ROUTES.monitor, path);
  if (monitor?.params.id && !path.startsWith(NEW_CHECK_PATH_PREFIX)) started.push(...prefetchMonitorPage(queryClient, trpc, monitor.params.id, new URLSearchParams(search)));
  // prefetchQuery never rejects: an error is kept in the cache for the component to show.
  return Promise.all(started).then(() => undefined);
}

/** What MonitorPage and its status header ask for as they first render (same inputs, so the same keys). */
function prefetchMonitorPage(queryClient: QueryClient, trpc: ReturnType<typeof createTRPCOptionsProxy<AppRouter>>, id: string, search: URLSearchParams): Promise<void>[] {
  preloadChart();
  return [
    queryClient.prefetchQuery(trpc.checks.get.queryOptions({ id })),
    queryClient.prefetchQuery(trpc.checkResults.status.queryOptions({ checkId: id })),
    queryClient.prefetchQuery(trpc.monitorStats.state.queryOptions({ checkId: id })),
    queryClient.prefetchQuery(trpc.monitorStats.get.queryOptions({ checkId: id, range: statsRangeOf(search.get('range')) })),
    queryClient.prefetchQuery(trpc.alerts.effectiveForCheck.queryOptions({ checkId: id })),
  ];
}
