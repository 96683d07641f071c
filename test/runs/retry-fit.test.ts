import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { decideRetry, type RetryPolicy } from '../../src-shared/rules/retry';
import { fitRetry, RETRY_END_MARGIN_MS, retriesThatFit, retryFitText } from '../../src-shared/rules/retry-fit';
import { RUN_TYPES } from '../../src-shared/schemas/run-job';
import { IcmpRunInput } from '../../src-shared/schemas/icmp-monitor';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const MINUTE = 60_000;

/** Every attempt of a run that never passes, each lasting its whole time limit: [start, end] in ms from the slot. */
function attemptsOf(policy: RetryPolicy | null, periodMs: number, timeoutMs: number): [number, number][] {
  const window = { firstAttemptAt: 0, periodMs, timeoutMs };
  const attempts: [number, number][] = [[0, timeoutMs]];
  for (let n = 1; n <= 20; n++) {
    const now = attempts[attempts.length - 1]?.[1] ?? 0;
    const decision = fitRetry(decideRetry({ policy, doubleCheck: false, attempts: n, elapsedMs: now, networkError: true }), window, now);
    if (!decision.retry) break;
    attempts.push([now + decision.delayMs, now + decision.delayMs + timeoutMs]);
  }
  return attempts;
}

describe('retries fit the period (pure rule)', () => {
  // The reported case: a 1-minute ICMP check (10 pings, so a 20 s time limit) to an address that does not answer.
  const icmpTimeout = RUN_TYPES.ICMP.timeoutMs(IcmpRunInput.parse({ request: { hostname: '192.0.2.1' } }));

  it('the reported case: every attempt ends before the next run is due, the backoff capped to fit', () => {
    expect(icmpTimeout).toBe(20_000);
    const policy: RetryPolicy = { type: 'FIXED', baseBackoffSeconds: 60, maxRetries: 2 };
    // Uncapped, the first retry alone would start a whole period after the first attempt ended.
    expect(decideRetry({ policy, doubleCheck: false, attempts: 1, elapsedMs: icmpTimeout, networkError: true })).toMatchObject({ retry: true, delayMs: 60_000 });
    const attempts = attemptsOf(policy, MINUTE, icmpTimeout);
    expect(attempts).toEqual([
      [0, 20_000],
      [39_000, 59_000],
    ]);
    for (const [, end] of attempts) expect(end).toBeLessThanOrEqual(MINUTE - RETRY_END_MARGIN_MS);
    expect(retriesThatFit(policy, false, MINUTE, icmpTimeout)).toBe(1);
    expect(retryFitText(policy, false, MINUTE, icmpTimeout)).toBe(
      "Retries end before the next run: with this check's 1-minute frequency and its 20-second time limit at most 1 retry fits.",
    );
  });

  it('holds for every strategy, period and time limit', () => {
    const types = ['FIXED', 'LINEAR', 'EXPONENTIAL', 'SINGLE_RETRY'] as const;
    for (const type of types) {
      for (const baseBackoffSeconds of [0, 5, 30, 60, 300]) {
        for (const periodMs of [10_000, 30_000, MINUTE, 5 * MINUTE, 60 * MINUTE]) {
          for (const timeoutMs of [2_000, 11_000, 20_000, 120_000]) {
            const policy: RetryPolicy = { type, baseBackoffSeconds, maxRetries: 10, maxDurationSeconds: 600 };
            const attempts = attemptsOf(policy, periodMs, timeoutMs);
            const retries = attempts.slice(1);
            for (const [, end] of retries) expect(end).toBeLessThanOrEqual(periodMs - RETRY_END_MARGIN_MS);
            expect(retries).toHaveLength(retriesThatFit(policy, false, periodMs, timeoutMs));
          }
        }
      }
    }
  });

  it('a retry that cannot end in time is not made; one that fits keeps its own shorter backoff', () => {
    const window = { firstAttemptAt: 1_000_000, periodMs: MINUTE, timeoutMs: 20_000 };
    const retry = { retry: true as const, delayMs: 5000, sameLocation: true };
    expect(fitRetry(retry, window, 1_010_000)).toEqual(retry);
    expect(fitRetry(retry, window, 1_039_000)).toEqual({ ...retry, delayMs: 0 });
    expect(fitRetry(retry, window, 1_039_001)).toEqual({ retry: false, reason: 'NEXT_RUN_DUE' });
    expect(fitRetry({ retry: false, reason: 'MAX_RETRIES' }, window, 0)).toEqual({ retry: false, reason: 'MAX_RETRIES' });
    expect(retriesThatFit(null, true, MINUTE, 20_000)).toBe(1);
    expect(retriesThatFit(null, false, MINUTE, 20_000)).toBe(0);
    expect(retryFitText({ type: 'FIXED', baseBackoffSeconds: 1, maxRetries: 5 }, false, 10_000, 11_000)).toMatch(/10-second frequency and its 11-second time limit at most 0 retries fit/);
  });
});

describe('retries fit the period (scheduler, real ping)', { timeout: 120_000 }, () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('a failing 1-minute check with a 60 s backoff retries before its next slot, and every slot runs', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00.000Z');
    const timers = new ManualTimers(clock);
    server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 1000 });
    const sessions: string[] = [];
    server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') sessions.push(e.checkSessionId);
    });
    const created = await server.api(
      'POST',
      '/v1/checks/icmp',
      icmpBody({
        frequency: 1,
        frequencyOffset: 5,
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true },
        // Answers, but always fails its assertion: a failure that is retried.
        request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
      }),
    );
    expect(created.status, created.text).toBe(201);
    const slot0 = clock.now().getTime() + 5000;
    // Each step lets the real ping finish and its outcome be written before time moves on.
    for (let step = 0; step < 3 * 12; step++) {
      await timers.advance(5000);
      await vi.waitFor(() => expect(server?.backend.agent.active ?? 0).toBe(0), { timeout: 20_000, interval: 20 });
      await server.backend.runs.coordinator.flush();
    }
    expect(sessions).toHaveLength(3);
    for (const [i, id] of sessions.entries()) {
      const session = (await server.api('GET', `/v1/check-sessions/${id}`)).body as { status: string; results: { resultType: string; startedAt: string; stoppedAt: string; isCancelled: boolean }[] };
      expect(session.status).toBe('FAILED');
      expect(session.results.map((r) => r.resultType).sort()).toEqual(['ATTEMPT', 'FINAL']);
      const slotStart = slot0 + i * MINUTE;
      for (const result of session.results) {
        expect(result.isCancelled).toBe(false);
        expect(Date.parse(result.startedAt)).toBeGreaterThanOrEqual(slotStart);
        expect(Date.parse(result.stoppedAt)).toBeLessThan(slotStart + MINUTE);
      }
    }
    expect((await server.backend.agentHealth()).overrunSkippedLastHour).toBe(0);
  });
});
