import type { RouterOutputs } from '../../lib/trpc';

export type CheckResultView = RouterOutputs['checkResults']['get'];
export type CheckResultListItem = RouterOutputs['checkResults']['list']['items'][number];

export type ResultVerdict = 'PASSED' | 'FAILED' | 'DEGRADED' | 'TIMED_OUT' | 'CANCELLED';

interface VerdictFlags {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  timedOut?: boolean;
}

/** The same precedence the runner uses for a location's verdict. */
export function resultVerdict(result: VerdictFlags): ResultVerdict {
  if (result.isCancelled) return 'CANCELLED';
  if (result.timedOut) return 'TIMED_OUT';
  if (result.hasFailures || result.hasErrors) return 'FAILED';
  if (result.isDegraded) return 'DEGRADED';
  return 'PASSED';
}

export function resultPath(checkId: string, checkResultId: string): string {
  return `/monitors/${checkId}/results/${checkResultId}`;
}

export function formatMs(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined) return '—';
  return `${value.toFixed(digits)} ms`;
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/**
 * ICMP round trips on a LAN are fractions of a millisecond: chart and list the average latency, which keeps them.
 * A ping with no reply measured nothing, so it has no time at all (shown "—"), not 0 ms.
 */
export function timingMs(result: Pick<CheckResultListItem, 'responseTime' | 'icmpCheckResult'>): number | null {
  if (!result.icmpCheckResult) return result.responseTime;
  return result.icmpCheckResult.packetsReceived > 0 ? result.icmpCheckResult.latency.avg : null;
}
