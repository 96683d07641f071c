import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { StatsRange } from '../../../src-shared/schemas/monitor-stats';
import { useTRPC } from '../../lib/trpc';

/** The monitor's figures for the range; refreshed when one of its sessions finishes (its own live feed, not every session's). */
export function useMonitorStats(checkId: string, range: StatsRange | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.checkSessions.onUpdate.subscriptionOptions(
      { checkId },
      {
        onData: (event) => {
          if (!event.finished) return;
          void queryClient.invalidateQueries(trpc.monitorStats.get.queryFilter({ checkId }));
          void queryClient.invalidateQueries(trpc.monitorStats.state.queryFilter({ checkId }));
        },
      },
    ),
  );
  return useQuery({ ...trpc.monitorStats.get.queryOptions({ checkId, range }), placeholderData: keepPreviousData });
}
