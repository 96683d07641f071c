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
