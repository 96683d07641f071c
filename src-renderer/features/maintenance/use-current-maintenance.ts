import { useQuery } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs } from '../../lib/trpc';

export type CheckInMaintenanceView = RouterOutputs['maintenanceWindows']['current'][number];

/** Checks in maintenance now, by id; one query shared by the Monitors list, the dashboard and the monitor page. */
export function useCurrentMaintenance(): Map<string, CheckInMaintenanceView> {
  const trpc = useTRPC();
  // Windows open and close on the clock, not on a write, so the list is asked for again each minute.
  const current = useQuery({ ...trpc.maintenanceWindows.current.queryOptions(), refetchInterval: 60_000 });
  return new Map((current.data ?? []).map((item) => [item.checkId, item]));
}
