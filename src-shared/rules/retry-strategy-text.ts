/**
 * A retry strategy as one sentence, for the monitor and group pages ("retry up to 2 times, 60 s
 * apart, within 10 min, from the same location"). Pure and lenient like alert-settings-text.ts:
 * it reads whatever the API stored and fills in the defaults the scheduler uses.
 */
import { DEFAULT_BASE_BACKOFF_SECONDS, DEFAULT_MAX_DURATION_SECONDS, maxRetriesOf, type RetryPolicy, type RetryType } from './retry';

export interface RetryStrategyLike {
  type?: string | null;
  baseBackoffSeconds?: number | null;
  maxRetries?: number | null;
  maxDurationSeconds?: number | null;
  sameRegion?: boolean | null;
  onlyOn?: readonly string[] | null;
}

const RETRY_TYPES: readonly RetryType[] = ['FIXED', 'LINEAR', 'EXPONENTIAL', 'SINGLE_RETRY'];

function duration(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function spacing(type: RetryType, base: number): string {
  switch (type) {
    case 'FIXED':
    case 'SINGLE_RETRY':
      return `${duration(base)} apart`;
    case 'LINEAR':
      return `waiting ${duration(base)}, ${duration(base * 2)}, ${duration(base * 3)}…`;
    case 'EXPONENTIAL':
      return `waiting ${duration(base)}, ${duration(base * 2)}, ${duration(base * 4)}…`;
  }
}

/** Lower case, so it reads on after a label or a lead-in; null means the check has no strategy of its own. */
export function retryStrategyText(strategy: RetryStrategyLike | null | undefined, doubleCheck = false): string {
  const type = RETRY_TYPES.find((t) => t === strategy?.type);
  if (!strategy || !type) return doubleCheck ? 'retry once at once, from another location' : 'no retries';
  const policy: RetryPolicy = { type, maxRetries: strategy.maxRetries ?? undefined };
  const retries = maxRetriesOf(policy);
  const base = strategy.baseBackoffSeconds ?? DEFAULT_BASE_BACKOFF_SECONDS;
  const within = strategy.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS;
  const parts = [
    type === 'SINGLE_RETRY' ? `retry once after ${duration(base)}` : `retry up to ${retries} ${retries === 1 ? 'time' : 'times'}, ${spacing(type, base)}`,
    `within ${duration(within)}`,
    strategy.sameRegion === false ? 'from another location' : 'from the same location',
  ];
  if (strategy.onlyOn?.includes('NETWORK_ERROR')) parts.push('only on network errors');
  return parts.join(', ');
}
