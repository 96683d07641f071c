import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const CHECKS = 20;

describe('a clock jump (the machine slept) with ManualClock and injected timers', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('resumes every check on its own slot: no burst of catch-up runs, and the runs that follow pass', async () => {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 2000 });
    const started: { checkId: string; at: number; id: string }[] = [];
    server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') started.push({ checkId: e.checkId, at: clock.now().getTime(), id: e.checkSessionId });
    });
    for (let i = 0; i < CHECKS; i++) {
      const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: `loopback ${i}`, frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } }));
      expect(created.status, created.text).toBe(201);
    }
    await timers.advance(2000);
    await timers.advance(30_000);
    expect(started.length).toBeGreaterThanOrEqual(CHECKS * 2);

    // The machine sleeps for ten minutes: the wall clock jumps, no timer fires meanwhile.
    clock.advance(10 * 60_000);
    const jumpAt = clock.now().getTime();
    const before = started.length;
    await timers.advance(1);
    const atWake = started.length - before;

    // Ten seconds (one slot) at a time, each slot's real pings ended before the next: a run still going
    // at its check's next slot is skipped by design (one run at a time), which on a loaded machine made
    // a slot look missing here when thirty manual seconds went by in one step.
    for (let slot = 0; slot < 3; slot++) {
      await timers.advance(10_000);
      await vi.waitFor(() => expect(server!.backend.agent.active + server!.backend.agent.queued).toBe(0), { timeout: 20_000, interval: 20 });
    }
    await timers.advance(1);
    const after = started.filter((s) => s.at >= jumpAt);
    const perCheck = new Map<string, number[]>();
    for (const s of after) perCheck.set(s.checkId, [...(perCheck.get(s.checkId) ?? []), s.at]);

    expect(atWake).toBe(0);
    expect(perCheck.size).toBe(CHECKS);
    for (const times of perCheck.values()) {
      expect(times).toHaveLength(3);
      // On the check's grid: a period apart, give or take the scheduler's 100 ms tick.
      expect(Math.abs(times[1]! - times[0]! - 10_000)).toBeLessThanOrEqual(100);
    }
    expect(server.backend.scheduler.missedByJump).toBe(CHECKS);

    await vi.waitFor(() => expect(server!.backend.agent.active + server!.backend.agent.queued).toBe(0), { timeout: 20_000, interval: 20 });
    await server.backend.runs.coordinator.flush();
    const last = after[after.length - 1]!;
    const session = await server.api('GET', `/v1/check-sessions/${last.id}`);
    expect(session.body.status).toBe('PASSED');
  });
});

describe('the wall clock stepping back and forward (monotonic time goes on)', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('keeps every check on its pace: a slot every period of real time, none twice, none skipped, no alert, and both steps shown', async () => {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 2000 });
    const starts = new Map<string, number[]>();
    server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') starts.set(e.checkId, [...(starts.get(e.checkId) ?? []), clock.monotonic()]);
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: `loopback ${i}`, frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } }));
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id as string);
    }
    const begin = clock.monotonic();
    await timers.advance(2000);
    await timers.advance(23_000);
    clock.stepWall(-5 * 60_000);
    await timers.advance(30_000);
    clock.stepWall(5 * 60_000);
    await timers.advance(30_000);
    const end = clock.monotonic();

    for (const id of ids) {
      const times = starts.get(id) ?? [];
      // 85 s of real time at one run per 10 s: 8 or 9 slots, each one period after the last.
      expect(times.length).toBeGreaterThanOrEqual(Math.floor((end - begin - 10_000) / 10_000));
      for (let i = 1; i < times.length; i++) expect(Math.abs(times[i]! - times[i - 1]! - 10_000)).toBeLessThanOrEqual(100);
    }
    expect(server.backend.scheduler.missedByJump).toBe(0);
    expect(server.backend.scheduler.wallClockSteps).toBe(2);

    await vi.waitFor(() => expect(server!.backend.agent.active + server!.backend.agent.queued).toBe(0), { timeout: 20_000, interval: 20 });
    await server.backend.runs.coordinator.flush();
    // Every slot has its result, and not one is a failure (nothing to alert on).
    for (const id of ids) {
      const results = await server.api('GET', `/v1/check-results/${id}?limit=100`);
      expect(results.status, results.text).toBe(200);
      expect(results.body).toHaveLength(starts.get(id)!.length);
      expect(results.body.filter((r: { hasFailures: boolean; hasErrors: boolean; isCancelled: boolean }) => r.hasFailures || r.hasErrors || r.isCancelled)).toEqual([]);
    }
    const health = await server.backend.agentHealth();
    expect(health.clockEvents.map((e) => [e.kind, e.durationMs])).toEqual([
      ['wall-clock-step', -300_000],
      ['wall-clock-step', 300_000],
    ]);
    expect(health.message).toContain('The wall clock stepped back by 300 s');
    expect(health.message).toContain('The wall clock moved forward by 300 s');
  });
});
