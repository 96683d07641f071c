import { useQueries, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { monitorHealth, type CheckStatusView, type MonitorHealth } from '../monitors/monitor-health';

const PAGE_SIZE = 100;

export interface MonitorHealthRow {
  checkId: string;
  name: string;
  health: MonitorHealth;
  status: CheckStatusView | undefined;
}

export interface MonitorHealthSummary {
  pending: boolean;
  error: unknown;
  total: number;
  counts: Record<MonitorHealth, number>;
  rows: MonitorHealthRow[];
  refetch: () => void;
}

/** Every monitor's health: latest verdicts from checkResults.statuses, paused from each check's `activated` (all list pages, batched). */
export function useMonitorHealth(): MonitorHealthSummary {
  const trpc = useTRPC();
  const statuses = useQuery(trpc.checkResults.statuses.queryOptions());
  const first = useQuery(trpc.checks.list.queryOptions({ limit: PAGE_SIZE, page: 1 }));
  const pageCount = first.data ? Math.ceil(first.data.total / PAGE_SIZE) : 0;
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => trpc.checks.list.queryOptions({ limit: PAGE_SIZE, page: index + 2 })),
  });

  const byId = new Map((statuses.data ?? []).map((status) => [status.checkId, status]));
  const checks = [first, ...rest].flatMap((page) => page.data?.items ?? []);
  const rows = checks.map((check) => ({
    checkId: check.id,
    name: check.name,
    health: monitorHealth(byId.get(check.id), check.activated === true),
    status: byId.get(check.id),
  }));
  const counts: Record<MonitorHealth, number> = { passing: 0, failing: 0, degraded: 0, paused: 0, 'not-run': 0 };
  for (const row of rows) counts[row.health] += 1;

  return {
    pending: statuses.isPending || first.isPending || rest.some((page) => page.isPending),
    error: statuses.error ?? first.error ?? rest.find((page) => page.error)?.error ?? null,
    total: first.data?.total ?? 0,
    counts,
    rows,
    refetch: () => {
      void statuses.refetch();
      void first.refetch();
    },
  };
}
