import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../src-main/http/trpc/router';
import { overviewInput, parseMonitorListParams } from '../features/monitors/monitor-list-params';

/**
 * The first queries of the page the console opens on, started before React has rendered anything
 * (a route loader, in effect; api-clients.ts startEarly): the header's account and the key's role,
 * and the landing page's own first figures (the Dashboard's summary, the Monitors list's page of
 * rows), in one batch. The components ask for the same queries (same keys) and get these answers,
 * so the page's request no longer waits for the whole console to render first. Everything else is asked by the components as before.
 */
export function prefetchLandingQueries(queryClient: QueryClient, client: TRPCClient<AppRouter>, hash: string): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  void queryClient.prefetchQuery(trpc.accounts.me.queryOptions());
  void queryClient.prefetchQuery(trpc.accounts.whoami.queryOptions());
  if (path === '' || path === '/') void queryClient.prefetchQuery(trpc.dashboard.summary.queryOptions());
  if (path === '/monitors') void queryClient.prefetchQuery(trpc.checks.overview.queryOptions(overviewInput(parseMonitorListParams(new URLSearchParams(search)))));
}
