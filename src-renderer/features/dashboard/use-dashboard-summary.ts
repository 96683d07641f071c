import { useQuery } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs } from '../../lib/trpc';
import { useSummaryFeed } from './summary-feed';

export type DashboardSummary = RouterOutputs['dashboard']['summary'];

/** Polled only while the live feed is down. */
const OFFLINE_POLL_MS = 10_000;

export interface DashboardSummaryState {
  /** The newest summary, from the query or the feed, whichever was computed later. */
  data: DashboardSummary | undefined;
  error: unknown;
  /** The feed is connected: the summary is pushed as it changes. */
  live: boolean;
  refetch: () => void;
}

/**
 * The Dashboard's one aggregate: the query answers at once and the server's feed pushes every change
 * (at most once a second); nothing polls while the feed is connected.
 */
export function useDashboardSummary(): DashboardSummaryState {
  const trpc = useTRPC();
  const { summary: pushed, live } = useSummaryFeed();
  const query = useQuery({ ...trpc.dashboard.summary.queryOptions(), refetchInterval: live ? false : OFFLINE_POLL_MS });
  const fetched = query.data;
  const data = pushed && fetched ? (pushed.generatedAt >= fetched.generatedAt ? pushed : fetched) : (pushed ?? fetched);
  return { data, error: data ? null : query.error, live, refetch: () => void query.refetch() };
}
