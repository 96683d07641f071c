import { isFinished, type SessionStatus } from '../../../src-shared/rules/session-status';
import type { RouterOutputs } from '../../lib/trpc';
import { formatAt } from '../../lib/date-time';

export type RecentSession = RouterOutputs['checkSessions']['listRecent'][number];
export type CheckSessionView = RouterOutputs['checkSessions']['get'];

export { isFinished };

const STATUS_COLORS: Record<SessionStatus, string> = {
  STARTED: 'blue',
  PROGRESS: 'blue',
  PROGRESS_FAILED: 'red',
  PROGRESS_DEGRADED: 'yellow',
  PASSED: 'teal',
  FAILED: 'red',
  DEGRADED: 'yellow',
  TIMED_OUT: 'orange',
  CANCELLED: 'gray',
};

export function sessionStatusColor(status: SessionStatus): string {
  return STATUS_COLORS[status];
}

/** "PROGRESS_FAILED" reads "Progress failed". */
export function statusLabel(status: string): string {
  const words = status.toLowerCase().split('_');
  return [words[0].charAt(0).toUpperCase() + words[0].slice(1), ...words.slice(1)].join(' ');
}

export function formatTime(isoDate: string | null): string {
  return formatAt(isoDate || null);
}

/** Milliseconds as "0.042 ms", "850 ms", "12.4 s" or "3 min 5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10 && !Number.isInteger(ms)) return `${ms.toFixed(3)} ms`;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * The response time a session row shows, in ms: none for a failed run that measured none. An ICMP
 * run whose pings all went unanswered stores 0 (its row carries no packet counts), as the result page shows "—".
 */
export function measuredResponseMs(result: Pick<CheckSessionView['results'][number], 'checkType' | 'hasFailures' | 'hasErrors' | 'responseTime'>): number | null {
  const failed = result.hasFailures || result.hasErrors;
  return failed && result.checkType === 'ICMP' && result.responseTime === 0 ? null : result.responseTime;
}
