import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { TRPCProvider } from '../lib/trpc';
import { takeApiClients } from './api-clients';

interface ApiProviderProps {
  trpcUrl: string;
  /** Electron's launch token; null in headless mode, where the browser's session cookie signs the requests. */
  token: string | null;
  /** Called when the server stops accepting the key or session, e.g. after it was revoked, signed out in another tab, or expired. */
  onUnauthorized: () => void;
  children: ReactNode;
}

export function ApiProvider({ trpcUrl, token, onUnauthorized, children }: ApiProviderProps) {
  const [{ queryClient, trpcClient, unauthorizedRef }] = useState(() => takeApiClients(trpcUrl, token));
  // The latest handler: it reads the connection's current status (an assumed sign-in ends quietly).
  useLayoutEffect(() => {
    unauthorizedRef.current = onUnauthorized;
  });

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
