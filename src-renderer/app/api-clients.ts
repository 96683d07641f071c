import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '../../src-main/http/trpc/router';
import { isUnauthorized } from '../lib/api-errors';
import { isNetworkError, reportReachable, reportUnreachable } from '../lib/reachability';
import { createApiClient } from '../lib/trpc';
import { prefetchLandingQueries } from './landing-prefetch';

/** One connection's query cache and tRPC client. */
export interface ApiClients {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  /** Called when the server stops accepting the key or session; ApiProvider points it at its latest handler. */
  unauthorizedRef: { current: () => void };
}

function createApiClients(trpcUrl: string, token: string | null): ApiClients {
  const unauthorizedRef = { current: () => {} };
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) unauthorizedRef.current();
    if (isNetworkError(error)) reportUnreachable();
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError, onSuccess: reportReachable }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (failureCount, error) => !isUnauthorized(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return { queryClient, trpcClient: createApiClient(trpcUrl, token), unauthorizedRef };
}

let early: { trpcUrl: string; token: string | null; clients: ApiClients } | null = null;
let landingAnswered: Promise<void> = Promise.resolve();

/**
 * Called before React renders anything, when the console opens signed in (or with the signed-in
 * hint): makes that connection's clients and puts the landing page's first queries on the wire
 * (landing-prefetch.ts), so the server answers them while the console renders instead of after.
 */
export function startEarly(trpcUrl: string, token: string | null): void {
  const clients = createApiClients(trpcUrl, token);
  landingAnswered = prefetchLandingQueries(clients.queryClient, clients.trpcClient, window.location.hash);
  early = { trpcUrl, token, clients };
}

/** Settles when startEarly's queries have their answers (or errors) in the cache, or after `maxMs`, whichever is first. */
export function landingQueriesAnswered(maxMs: number): Promise<void> {
  return Promise.race([landingAnswered, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}

/** The clients startEarly made, handed out once and only for the same connection; new ones otherwise (a later sign-in starts from a fresh cache). */
export function takeApiClients(trpcUrl: string, token: string | null): ApiClients {
  const made = early;
  early = null;
  if (made && made.trpcUrl === trpcUrl && made.token === token) return made.clients;
  return createApiClients(trpcUrl, token);
}
