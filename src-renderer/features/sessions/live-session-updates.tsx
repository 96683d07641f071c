import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import { holdsCheckSession } from '../test-sessions/test-session-display';
import { LiveUpdatesContext, type LiveUpdates } from './live-updates-context';
import { useFeedReachability } from './use-feed-reachability';
import { UpdateBatcher } from './update-batcher';

/** Lists refresh at most this often, however many sessions change (thousands of monitors can run each minute). */
const LIST_REFRESH_MS = 1_000;

/**
 * A refetch requested while a query's first fetch is in flight joins that fetch, whose answer may
 * predate the update: cancel it first so the refetch reads the state the update announced.
 */
function refresh(queryClient: QueryClient, filters: QueryFilters): void {
  void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
}

/**
 * One SSE subscription for the whole console: a session update refreshes that session (and the
 * test session holding it) at once and the lists, statuses and results that show it shortly after.
 */
export function LiveSessionUpdates({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [batcher] = useState(
    () =>
      new UpdateBatcher((anyFinished) => {
        refresh(queryClient, trpc.checkSessions.listRecent.pathFilter());
        if (anyFinished) refresh(queryClient, trpc.checkResults.pathFilter());
        if (anyFinished) refresh(queryClient, trpc.checks.overview.pathFilter());
      }, LIST_REFRESH_MS),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);

  const subscription = useSubscription(
    trpc.checkSessions.onUpdate.subscriptionOptions(undefined, {
      onData: (event) => {
        refresh(queryClient, { queryKey: trpc.checkSessions.get.queryKey({ checkSessionId: event.checkSessionId }) });
        // Test sessions that hold the session, and those still loading, whose answer may predate this update.
        refresh(queryClient, {
          queryKey: trpc.testSessions.get.pathKey(),
          predicate: (query) => query.state.status === 'pending' || holdsCheckSession(query.state.data, event.checkSessionId),
        });
        batcher.push(event.finished);
      },
    }),
  );

  const connected = subscription.status === 'pending';
  useFeedReachability(subscription.status, subscription.error);
  const value = useMemo<LiveUpdates>(() => ({ connected }), [connected]);
  return <LiveUpdatesContext.Provider value={value}>{children}</LiveUpdatesContext.Provider>;
}
