import { describe, expect, it } from 'vitest';
import { backoffSeconds, decideRetry, maxRetriesOf, retryLocation, type RetryPolicy } from '../../src-shared/rules/retry';
import { decodeRunId, encodeRunId } from '../../src-shared/rules/run-ids';
import { cadenceOf, nextRunAfter, resumeRunAt } from '../../src-shared/rules/schedule';
import { rollUpSession } from '../../src-shared/rules/session-status';

const failed = (policy: RetryPolicy | null, attempts: number, extra: Partial<Parameters<typeof decideRetry>[0]> = {}) =>
  decideRetry({ policy, doubleCheck: false, attempts, elapsedMs: 0, networkError: false, ...extra });

describe('retry maths', () => {
  it('FIXED, LINEAR, EXPONENTIAL and SINGLE_RETRY backoff', () => {
    const base = { baseBackoffSeconds: 10 };
    expect([1, 2, 3].map((n) => backoffSeconds({ type: 'FIXED', ...base }, n))).toEqual([10, 10, 10]);
    expect([1, 2, 3].map((n) => backoffSeconds({ type: 'LINEAR', ...base }, n))).toEqual([10, 20, 30]);
    expect([1, 2, 3, 4].map((n) => backoffSeconds({ type: 'EXPONENTIAL', ...base }, n))).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds({ type: 'SINGLE_RETRY', ...base }, 1)).toBe(10);
    expect(maxRetriesOf({ type: 'SINGLE_RETRY', maxRetries: 5 })).toBe(1);
    expect(maxRetriesOf({ type: 'FIXED' })).toBe(2);
  });

  it('retries until maxRetries, with the backoff as delay', () => {
    const policy: RetryPolicy = { type: 'LINEAR', baseBackoffSeconds: 5, maxRetries: 2, sameRegion: true };
    expect(failed(policy, 1)).toEqual({ retry: true, delayMs: 5000, sameLocation: true });
    expect(failed(policy, 2)).toEqual({ retry: true, delayMs: 10000, sameLocation: true });
    expect(failed(policy, 3)).toEqual({ retry: false, reason: 'MAX_RETRIES' });
    expect(failed({ type: 'SINGLE_RETRY', baseBackoffSeconds: 1 }, 2)).toEqual({ retry: false, reason: 'MAX_RETRIES' });
  });

  it('stops when the next attempt would pass maxDurationSeconds', () => {
    const policy: RetryPolicy = { type: 'EXPONENTIAL', baseBackoffSeconds: 20, maxRetries: 5, maxDurationSeconds: 60 };
    expect(failed(policy, 2, { elapsedMs: 20_000 })).toMatchObject({ retry: true, delayMs: 40_000 });
    expect(failed(policy, 2, { elapsedMs: 20_001 })).toEqual({ retry: false, reason: 'MAX_DURATION' });
  });

  it('onlyOn NETWORK_ERROR retries network errors only', () => {
    const policy: RetryPolicy = { type: 'FIXED', baseBackoffSeconds: 1, onlyOn: ['NETWORK_ERROR'] };
    expect(failed(policy, 1, { networkError: false })).toEqual({ retry: false, reason: 'NOT_NETWORK_ERROR' });
    expect(failed(policy, 1, { networkError: true })).toMatchObject({ retry: true });
  });

  it('doubleCheck without a strategy retries once at once from another location; sameRegion false moves on', () => {
    expect(failed(null, 1, { doubleCheck: true })).toEqual({ retry: true, delayMs: 0, sameLocation: false });
    expect(failed(null, 2, { doubleCheck: true })).toEqual({ retry: false, reason: 'NO_STRATEGY' });
    expect(failed(null, 1)).toEqual({ retry: false, reason: 'NO_STRATEGY' });
    expect(failed({ type: 'FIXED', sameRegion: false }, 1)).toMatchObject({ sameLocation: false });
    expect(retryLocation('a', ['a', 'b', 'c'], false)).toBe('b');
    expect(retryLocation('c', ['a', 'b', 'c'], false)).toBe('a');
    expect(retryLocation('local', ['local'], false)).toBe('local');
    expect(retryLocation('b', ['a', 'b'], true)).toBe('b');
  });
});

describe('session status roll-up', () => {
  const progress = (expectedLocations: number, finals: Parameters<typeof rollUpSession>[0]['finals'], anyAttempt = true) =>
    rollUpSession({ expectedLocations, finals, anyAttempt, cancelled: false });

  it('STARTED → PROGRESS → PROGRESS_FAILED / PROGRESS_DEGRADED → final', () => {
    expect(progress(2, [], false)).toBe('STARTED');
    expect(progress(2, [])).toBe('PROGRESS');
    expect(progress(2, ['PASSED'])).toBe('PROGRESS');
    expect(progress(3, ['DEGRADED'])).toBe('PROGRESS_DEGRADED');
    expect(progress(3, ['DEGRADED', 'FAILED'])).toBe('PROGRESS_FAILED');
    expect(progress(3, ['TIMED_OUT'])).toBe('PROGRESS_FAILED');
    expect(progress(2, ['PASSED', 'PASSED'])).toBe('PASSED');
    expect(progress(2, ['PASSED', 'DEGRADED'])).toBe('DEGRADED');
    expect(progress(2, ['DEGRADED', 'FAILED'])).toBe('FAILED');
    expect(progress(2, ['PASSED', 'TIMED_OUT'])).toBe('TIMED_OUT');
    expect(progress(2, ['FAILED', 'CANCELLED'])).toBe('CANCELLED');
    expect(rollUpSession({ expectedLocations: 2, finals: ['PASSED'], anyAttempt: true, cancelled: true })).toBe('CANCELLED');
  });
});

describe('schedule maths', () => {
  it('frequency 0 runs every frequencyOffset seconds', () => {
    const cadence = cadenceOf(0, 20, 'check');
    expect(cadence.periodMs).toBe(20_000);
    const first = nextRunAfter(0, cadence);
    expect(nextRunAfter(first, cadence) - first).toBe(20_000);
  });

  it('an offset places runs that many seconds (minutes above an hour) into the period', () => {
    expect(cadenceOf(5, 30, 'x')).toEqual({ periodMs: 300_000, phaseMs: 30_000 });
    expect(cadenceOf(720, 12, 'x')).toEqual({ periodMs: 720 * 60_000, phaseMs: 12 * 60_000 });
    expect(nextRunAfter(0, { periodMs: 60_000, phaseMs: 7_000 })).toBe(7_000);
    expect(nextRunAfter(7_000, { periodMs: 60_000, phaseMs: 7_000 })).toBe(67_000);
  });

  it('without an offset checks spread over the period', () => {
    const phases = new Set(Array.from({ length: 100 }, (_, i) => Math.floor(cadenceOf(1, null, `check-${i}`).phaseMs / 6_000)));
    expect(phases.size).toBeGreaterThanOrEqual(8);
  });

  it('resumes after a restart: a past due time runs once soon at its own phase, never a burst', () => {
    const cadence = { periodMs: 60_000, phaseMs: 0 };
    expect(resumeRunAt(600_000, 120_000, cadence)).toBe(600_000);
    expect(resumeRunAt(600_000, 120_000, { periodMs: 3_600_000, phaseMs: 125_000 })).toBe(605_000);
    const overdue = Array.from({ length: 1000 }, (_, i) => resumeRunAt(600_000, 0, cadenceOf(60, null, `check-${i}`)) - 600_000);
    expect(Math.max(...overdue)).toBeLessThan(60_000);
    const perSecond = new Map<number, number>();
    for (const ms of overdue) perSecond.set(Math.floor(ms / 1000), (perSecond.get(Math.floor(ms / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThan(50);
    expect(resumeRunAt(600_000, 660_000, cadence)).toBe(660_000);
    expect(resumeRunAt(600_001, null, cadence)).toBe(660_000);
  });

  it('a restart between two slots of a one-minute check catches up on its own slot, then runs a whole minute later', () => {
    // Slots at 702 ms past each minute; the process comes back 2 s past a minute, ten minutes late.
    const cadence = { periodMs: 60_000, phaseMs: 702 };
    const catchUp = resumeRunAt(662_000, 120_702, cadence);
    expect(catchUp).toBe(720_702);
    expect(nextRunAfter(catchUp, cadence) - catchUp).toBe(60_000);
    // A check slower than a minute: the catch-up keeps its phase within the minute, here 5 s past it.
    expect(resumeRunAt(662_000, 120_000, { periodMs: 3_600_000, phaseMs: 125_000 })).toBe(665_000);
  });
});

describe('run ids', () => {
  it('encode to uuid-shaped strings and parse back per kind', () => {
    const id = encodeRunId('session', 4660);
    expect(id).toBe('5e550000-0000-8000-8000-000000001234');
    expect(decodeRunId('session', id)).toBe(4660);
    expect(decodeRunId('session', id.toUpperCase())).toBe(4660);
    expect(decodeRunId('result', id)).toBeNull();
    expect(decodeRunId('session', 'nope')).toBeNull();
    expect(decodeRunId('session', '5e550000-0000-8000-8000-000000000000')).toBeNull();
  });
});
