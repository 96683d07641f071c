import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isUnauthorized } from '../lib/api-errors';
import { createApiClient, TRPCProvider } from '../lib/trpc';
import { prefetchLandingQueries } from './landing-prefetch';

interface ApiProviderProps {
  trpcUrl: string;
  /** Electron's launch token; null in headless mode, where the browser's session cookie signs the requests. */
  token: string | null;
  /** Called when the server stops accepting the key or session, e.g. after it was revoked, signed out in another tab, or expired. */
  onUnauthorized: () => void;
  children: ReactNode;
}

export function ApiProvider({ trpcUrl, token, onUnauthorized, children }: ApiProviderProps) {
  const [queryClient] = useState(() => {
    const onError = (error: unknown) => {
      if (isUnauthorized(error)) onUnauthorized();
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: {
          staleTime: 5_000,
          retry: (failureCount, error) => !isUnauthorized(error) && failureCount < 2,
          refetchOnWindowFocus: false,
        },
      },
    });
  });
  const [trpcClient] = useState(() => {
    const client = createApiClient(trpcUrl, token);
    prefetchLandingQueries(queryClient, client, window.location.hash);
    return client;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
