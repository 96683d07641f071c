import type { RouterOutputs } from '../../lib/trpc';

export type CheckStatusView = RouterOutputs['checkResults']['status'];

export type MonitorHealth = 'passing' | 'failing' | 'degraded' | 'paused' | 'not-run';

/** Paused wins (a paused monitor's last verdict is old news); then the last FINAL result's verdict. */
export function monitorHealth(status: Pick<CheckStatusView, 'hasFailures' | 'hasErrors' | 'isDegraded' | 'lastCheckRunId'> | undefined, activated: boolean): MonitorHealth {
  if (!activated) return 'paused';
  if (!status || status.lastCheckRunId === null) return 'not-run';
  if (status.hasFailures || status.hasErrors) return 'failing';
  if (status.isDegraded) return 'degraded';
  return 'passing';
}

export const HEALTH_DISPLAY: Record<MonitorHealth, { label: string; color: string }> = {
  passing: { label: 'Passing', color: 'teal' },
  failing: { label: 'Failing', color: 'red' },
  degraded: { label: 'Degraded', color: 'yellow' },
  paused: { label: 'Paused', color: 'gray' },
  'not-run': { label: 'Not run yet', color: 'blue' },
};

/** Worst first: the Monitors list's default order and the order of its health filter. */
export const MONITOR_HEALTH_ORDER = ['failing', 'degraded', 'passing', 'not-run', 'paused'] as const satisfies readonly MonitorHealth[];

/** The list's rows carry the health the server worked out (checks.overview), by the same rule as monitorHealth. */
export type OverviewHealth = RouterOutputs['checks']['overview']['items'][number]['health'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when the server's health values and MonitorHealth drift apart. */
const _healthsMatch: Same<OverviewHealth, MonitorHealth> = true;
