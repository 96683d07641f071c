/** Retry maths for a failed check run: pure, so the scheduler and its tests share one rule. */

export type RetryType = 'FIXED' | 'LINEAR' | 'EXPONENTIAL' | 'SINGLE_RETRY';

export interface RetryPolicy {
  type: RetryType;
  baseBackoffSeconds?: number;
  maxRetries?: number;
  maxDurationSeconds?: number;
  sameRegion?: boolean;
  onlyOn?: readonly 'NETWORK_ERROR'[];
}

/** The public API's defaults when a strategy leaves them out. */
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_DURATION_SECONDS = 600;
export const DEFAULT_BASE_BACKOFF_SECONDS = 60;

/** Seconds to wait before retry number `retry` (1 = the first retry). */
export function backoffSeconds(policy: RetryPolicy, retry: number): number {
  const base = policy.baseBackoffSeconds ?? DEFAULT_BASE_BACKOFF_SECONDS;
  const n = Math.max(1, Math.floor(retry));
  switch (policy.type) {
    case 'FIXED':
    case 'SINGLE_RETRY':
      return base;
    case 'LINEAR':
      return base * n;
    case 'EXPONENTIAL':
      return base * 2 ** (n - 1);
  }
}

/** How many retries a policy allows at most. */
export function maxRetriesOf(policy: RetryPolicy): number {
  if (policy.type === 'SINGLE_RETRY') return 1;
  return policy.maxRetries ?? DEFAULT_MAX_RETRIES;
}

export interface RetryInput {
  policy: RetryPolicy | null;
  /** doubleCheck: without a strategy, retry once, at once, from another location. */
  doubleCheck: boolean;
  /** Attempts made so far, including the one that just failed (1 after the first). */
  attempts: number;
  /** Ms from the first attempt's start to now. */
  elapsedMs: number;
  /** The failure was a network error (the target could not be reached), not an assertion. */
  networkError: boolean;
}

export type RetryDecision =
  | { retry: false; reason: 'NO_STRATEGY' | 'MAX_RETRIES' | 'MAX_DURATION' | 'NOT_NETWORK_ERROR' }
  | { retry: true; delayMs: number; sameLocation: boolean };

/** Whether a failed attempt is retried, when, and from where. */
export function decideRetry(input: RetryInput): RetryDecision {
  const { policy } = input;
  if (!policy) {
    if (input.doubleCheck && input.attempts < 2) return { retry: true, delayMs: 0, sameLocation: false };
    return { retry: false, reason: 'NO_STRATEGY' };
  }
  if (policy.onlyOn?.includes('NETWORK_ERROR') && !input.networkError) return { retry: false, reason: 'NOT_NETWORK_ERROR' };
  const retry = input.attempts;
  if (retry > maxRetriesOf(policy)) return { retry: false, reason: 'MAX_RETRIES' };
  const delayMs = Math.round(backoffSeconds(policy, retry) * 1000);
  const maxDurationMs = (policy.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS) * 1000;
  if (input.elapsedMs + delayMs > maxDurationMs) return { retry: false, reason: 'MAX_DURATION' };
  return { retry: true, delayMs, sameLocation: policy.sameRegion !== false };
}

/** The location a retry runs from: the same one, or the next other candidate in order. */
export function retryLocation(current: string, candidates: readonly string[], sameLocation: boolean): string {
  if (sameLocation) return current;
  const others = candidates.filter((l) => l !== current);
  if (others.length === 0) return current;
  const index = candidates.indexOf(current);
  for (let step = 1; step <= candidates.length; step++) {
    const next = candidates[(index + step) % candidates.length];
    if (next !== undefined && next !== current) return next;
  }
  return others[0] ?? current;
}
