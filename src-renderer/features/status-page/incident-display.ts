import type { IncidentProgress, IncidentSeverity } from '../../../src-shared/schemas/status-page';
import { formatAt } from '../../lib/date-time';

export const SEVERITY_COLORS: Record<IncidentSeverity, string> = { CRITICAL: 'red', MAJOR: 'orange', MEDIUM: 'yellow', MINOR: 'blue' };
export const PROGRESS_COLORS: Record<IncidentProgress, string> = { INVESTIGATING: 'red', IDENTIFIED: 'orange', MONITORING: 'blue', RESOLVED: 'teal' };

export const PROGRESS_LABELS: Record<IncidentProgress, string> = {
  INVESTIGATING: 'Investigating',
  IDENTIFIED: 'Identified',
  MONITORING: 'Monitoring',
  RESOLVED: 'Resolved',
};

/** "2 h 5 min", "45 s": how long an incident was open. */
export function formatDuration(totalSeconds: number): string {
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const days = Math.floor(totalSeconds / 86400);
  const hours = Math.floor((totalSeconds % 86400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean).join(' ') || '0 min';
}

export function formatWhen(iso: string): string {
  return formatAt(iso);
}
