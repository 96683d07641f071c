import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTRPC, type RouterOutputs } from '../../lib/trpc';

type DashboardSummary = RouterOutputs['dashboard']['summary'];

interface FeedState {
  summary: DashboardSummary | undefined;
  /** The feed is connected: the summary is pushed as it changes. */
  live: boolean;
}

const CLOSED: FeedState = { summary: undefined, live: false };
let state: FeedState = CLOSED;
const listeners = new Set<() => void>();

function publish(next: FeedState): void {
  if (next.summary === state.summary && next.live === state.live) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The one dashboard.onSummary stream of the tab, opened by the console's shell (the change
 * announcer) once `enabled`. Browsers allow six HTTP/1.1 connections per host across all tabs and each SSE stream
 * holds one, so the Dashboard reads this stream instead of opening a second.
 */
export function useOpenSummaryFeed(enabled: boolean, onSummary: (summary: DashboardSummary) => void): void {
  const trpc = useTRPC();
  const subscription = useSubscription({
    ...trpc.dashboard.onSummary.subscriptionOptions(undefined, {
      onData: (summary) => {
        publish({ summary, live: state.live });
        onSummary(summary);
      },
    }),
    enabled,
  });
  const live = subscription.status === 'pending';
  useEffect(() => publish({ summary: state.summary, live }), [live]);
  useEffect(() => () => publish(CLOSED), []);
}

export function useSummaryFeed(): FeedState {
  return useSyncExternalStore(subscribe, () => state);
}
