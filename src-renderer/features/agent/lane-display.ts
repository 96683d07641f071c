import type { LaneName } from '../../../src-shared/rules/lanes';
import type { RouterOutputs } from '../../lib/trpc';
import { LANE_LABELS } from '../check-types';

export type AgentHealthView = RouterOutputs['agent']['health'];
export type LaneView = AgentHealthView['lanes'][number];

/** Each lane by its check type's name. */
export const LANE_LABEL: Record<LaneName, string> = LANE_LABELS;

/** How long the oldest queued run has waited: "—" when none waits, then "850 ms", "1.2 s", "3 min", "2 h 5 min". */
export function formatWait(ms: number): string {
  if (ms <= 0) return '—';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
