import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { EventSource } from 'eventsource';
import type { AppRouter } from '../../src-main/http/trpc/router';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Subscriptions use SSE. The browser's EventSource cannot send headers and tRPC's connectionParams
 * travel in the URL (where proxies log them), so a fetch-based EventSource sends the Electron launch
 * token in the same Authorization header as every other call. In headless mode there is no token in
 * the page: the browser's HttpOnly session cookie goes with every same-origin request (queries,
 * mutations and the SSE stream alike).
 */
export function createApiClient(trpcUrl: string, token: string | null) {
  const authorization: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: trpcUrl,
          EventSource,
          eventSourceOptions: {
            fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin', headers: { ...init.headers, ...authorization } }),
          },
        }),
        false: httpBatchLink({
          url: trpcUrl,
          headers: () => authorization,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
        }),
      }),
    ],
  });
}
