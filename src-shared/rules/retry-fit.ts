/** Retries that fit the check's period: every attempt of a run ends before its next run is due. Pure. */

import { decideRetry, type RetryDecision, type RetryPolicy } from './retry';

/**
 * A retry must end this long before the next run is due: outcomes are written in batches (every
 * 100 ms) and the next slot looks at what is still running, so an attempt ending exactly on the
 * slot would still count as running.
 */
export const RETRY_END_MARGIN_MS = 1000;

export interface RunWindow {
  /** Epoch ms of the run's first attempt; its next run is due one period later. */
  firstAttemptAt: number;
  periodMs: number;
  /** The run's hard time limit: an attempt may take this long (a target that never answers does). */
  timeoutMs: number;
}

export type FittedRetryDecision = RetryDecision | { retry: false; reason: 'NEXT_RUN_DUE' };

/** The latest a retry may start and still end (at its time limit) before the next run is due. */
export function latestRetryStart(window: RunWindow): number {
  return window.firstAttemptAt + window.periodMs - RETRY_END_MARGIN_MS - window.timeoutMs;
}

/**
 * Caps a retry's backoff so that it ends before the next run is due; when even a retry at once
 * would not, there is none (NEXT_RUN_DUE): the next scheduled run judges the target instead.
 */
export function fitRetry(decision: RetryDecision, window: RunWindow, now: number): FittedRetryDecision {
  if (!decision.retry) return decision;
  const latest = latestRetryStart(window);
  if (now > latest) return { retry: false, reason: 'NEXT_RUN_DUE' };
  return { ...decision, delayMs: Math.min(decision.delayMs, latest - now) };
}

/**
 * How many retries of a failing run fit in one period at most: every attempt is taken to last its
 * whole time limit (a target that does not answer), backoffs capped as at run time.
 */
export function retriesThatFit(policy: RetryPolicy | null, doubleCheck: boolean, periodMs: number, timeoutMs: number): number {
  const window = { firstAttemptAt: 0, periodMs, timeoutMs };
  let now = timeoutMs;
  let retries = 0;
  // Bounded: a policy allows at most 10 retries (doubleCheck one).
  for (let attempts = 1; attempts <= 50; attempts++) {
    const decision = fitRetry(decideRetry({ policy, doubleCheck, attempts, elapsedMs: now, networkError: true }), window, now);
    if (!decision.retry) break;
    now += decision.delayMs + timeoutMs;
    retries++;
  }
  return retries;
}

/** The sentence the console shows where the retry strategy is set; `whose` names the check ("this check's", "Gateway's"). */
export function retryFitText(policy: RetryPolicy | null, doubleCheck: boolean, periodMs: number, timeoutMs: number, whose = "this check's"): string {
  const fit = retriesThatFit(policy, doubleCheck, periodMs, timeoutMs);
  const seconds = Math.round(timeoutMs / 1000);
  return `Retries end before the next run: with ${whose} ${periodText(periodMs)} frequency and its ${seconds}-second time limit at most ${fit} ${fit === 1 ? 'retry fits' : 'retries fit'}.`;
}

/** Said where no check is known yet (a new group). */
export const RETRY_FIT_RULE = "Retries end before the next run: each retry's backoff is shortened, or the retry left out, so that it ends (at the check's time limit) before the check's next run is due.";

function periodText(periodMs: number): string {
  const seconds = Math.round(periodMs / 1000);
  if (seconds % 3600 === 0) return `${seconds / 3600}-hour`;
  if (seconds % 60 === 0) return `${seconds / 60}-minute`;
  return `${seconds}-second`;
}
