import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../src-main/http/trpc/router';
import { overviewInput, parseMonitorListParams } from '../features/monitors/monitor-list-params';

/**
 * Starts the first queries of the page the console opens on before React has rendered anything
 * (a route loader, in effect): the header's account and role, and on the Monitors list its page
 * of rows, each sent at once (not batched: the batch link waits for the render to end). The
 * components ask for the same queries (same keys) and get these answers, so the list's request no
 * longer waits for the whole console to render first. Everything else is asked by the
 * components as before.
 */
export function prefetchLandingQueries(queryClient: QueryClient, client: TRPCClient<AppRouter>, hash: string): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  const now = { trpc: { context: { unbatched: true } } };
  void queryClient.prefetchQuery(trpc.accounts.me.queryOptions(undefined, now));
  void queryClient.prefetchQuery(trpc.accounts.whoami.queryOptions(undefined, now));
  if (path === '/monitors') void queryClient.prefetchQuery(trpc.checks.overview.queryOptions(overviewInput(parseMonitorListParams(new URLSearchParams(search))), now));
}
