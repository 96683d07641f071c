import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { cadenceOf, nextRunAfter } from '../../src-shared/rules/schedule';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const MINUTE = 60_000;
// Day 2 of a window that started on day 1: the scheduler must compute the recurrence, not just the first occurrence.
const T0 = Date.parse('2026-01-02T01:50:00.000Z');
const OPENS = Date.parse('2026-01-02T02:00:00.000Z');
const CLOSES = Date.parse('2026-01-02T02:30:00.000Z');

/**
 * Moves the manual clock on by `ms`, then lets every run started meanwhile finish, as a real minute
 * would: a real ping still running at the next slot makes the scheduler skip that slot (one run at a
 * time per check), which a loaded machine would otherwise turn into a missing run this test did not
 * mean. While runs are in flight, real time passes and the clock moves in 100 ms steps (the runs'
 * own timers are the manual ones); the next call makes up those steps, so slots stay on the minute.
 */
function clockWithRuns(server: TestServer, clock: ManualClock, timers: ManualTimers): ((ms: number) => Promise<void>) & { finished: (count: number) => Promise<void> } {
  const running = new Set<string>();
  const finished = new Set<string>();
  server.backend.events.on('sessionUpdated', (e) => {
    if (e.finished) {
      finished.add(e.checkSessionId);
      running.delete(e.checkSessionId);
    } else if (!finished.has(e.checkSessionId)) running.add(e.checkSessionId);
  });
  let target: number | null = null;
  const advance = async (ms: number) => {
    target = (target ?? clock.now().getTime()) + ms;
    await timers.advance(target - clock.now().getTime());
    const deadline = Date.now() + 15_000;
    while (running.size > 0) {
      if (Date.now() > deadline) throw new Error(`${running.size} runs still running 15 s after the clock moved`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await timers.advance(100);
    }
  };
  /**
   * Steps the clock 100 ms per 20 ms of real time until `count` runs have finished. The runs at
   * creation start through the real agent: on a loaded machine a whole manual minute could pass
   * before one began, and the check's first slot would then find it still going and be skipped.
   */
  const finishedRuns = async (count: number) => {
    const deadline = Date.now() + 15_000;
    while (finished.size < count) {
      if (Date.now() > deadline) throw new Error(`${finished.size} of ${count} runs finished 15 s after the checks were created`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await timers.advance(100);
    }
  };
  return Object.assign(advance, { finished: finishedRuns });
}

describe('a recurring maintenance window holds scheduled runs (ManualClock, injected timers, real ping)', { timeout: 120_000 }, () => {
  const open: TestServer[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) await server.stop();
  });

  it('daily 02:00–02:30: matching checks (own tag, group tag, or named by id) run on both sides of the window and never in it; others keep running; Run now still runs', async () => {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    const server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 2000 });
    open.push(server);
    const advance = clockWithRuns(server, clock, timers);
    const startedAt = new Map<string, number[]>();
    server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') startedAt.set(e.checkId, [...(startedAt.get(e.checkId) ?? []), clock.now().getTime()]);
    });
    const ping = { frequency: 1, request: { hostname: '127.0.0.1', pingCount: 1 } };
    const create = async (body: Record<string, unknown>) => {
      const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ ...ping, ...body }));
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const group = await server.api('POST', '/v1/check-groups', { name: 'Databases', tags: ['db'], locations: [] });
    expect(group.status, group.text).toBe(201);
    const tagged = await create({ name: 'tagged', tags: ['db'] });
    const inGroup = await create({ name: 'in group', groupId: group.body.id });
    const named = await create({ name: 'named', tags: ['web'] });
    const other = await create({ name: 'web', tags: ['web'] });
    const window = await server.api('POST', '/v1/maintenance-windows', {
      name: 'Nightly vacuum',
      tags: ['db'],
      startsAt: '2026-01-01T02:00:00.000Z',
      endsAt: '2026-01-01T02:30:00.000Z',
      repeatUnit: 'DAY',
      repeatInterval: 1,
    });
    expect(window.status, window.text).toBe(201);
    const forOne = await server.api('POST', '/v1/maintenance-windows', { name: 'One check', tags: [], checkIds: [named], startsAt: '2026-01-02T02:00:00.000Z', endsAt: '2026-01-02T02:30:00.000Z' });
    expect(forOne.status, forOne.text).toBe(201);

    await timers.advance(2000);
    // The scheduler first sees the checks now: each one's first slot is its own phase after this.
    const loadedAt = clock.now().getTime();
    expect(server.backend.scheduler.size).toBe(4);
    await advance.finished(4);
    let manual: { status: number; body: { sessions: { checkId: string }[] } } | null = null;
    let manualAt = 0;
    for (let minute = 0; minute < 50; minute++) {
      await advance(MINUTE);
      if (clock.now().getTime() >= OPENS + 10 * MINUTE && !manual) {
        manualAt = clock.now().getTime();
        manual = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [tagged] } });
      }
    }

    const inWindow = (t: number) => t >= OPENS && t < CLOSES;
    for (const id of [tagged, inGroup, named]) {
      const times = startedAt.get(id) ?? [];
      const scheduled = id === tagged ? times.filter((t) => t !== manualAt) : times;
      expect(scheduled.filter(inWindow), id).toEqual([]);
      // Every minute from the check's first slot (nine or ten before 02:00, by its phase) runs.
      const before: number[] = [];
      for (let t = nextRunAfter(loadedAt - 1, cadenceOf(1, null, id)); t < OPENS; t += MINUTE) before.push(t);
      expect(before.length).toBeGreaterThanOrEqual(9);
      expect(scheduled.filter((t) => t < OPENS), id).toEqual(before);
      expect(scheduled.filter((t) => t >= CLOSES).length, id).toBeGreaterThanOrEqual(10);
    }
    expect((startedAt.get(other) ?? []).filter(inWindow)).toHaveLength(30);
    expect(server.backend.scheduler.skippedForMaintenance).toBe(90);
    // A run asked for by hand is not held.
    expect(manual?.status).toBe(201);
    expect(manual?.body.sessions.map((s) => s.checkId)).toEqual([tagged]);
    expect((startedAt.get(tagged) ?? []).filter(inWindow)).toHaveLength(1);
  });

  it('a window created, edited or deleted while the scheduler runs takes effect from the next slot', async () => {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    const server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 2000 });
    open.push(server);
    const advance = clockWithRuns(server, clock, timers);
    let started = 0;
    server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') started++;
    });
    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 1, tags: ['db'], request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(check.status, check.text).toBe(201);
    await timers.advance(2000);
    await advance.finished(1);
    const runsIn = async (minutes: number) => {
      const before = started;
      for (let minute = 0; minute < minutes; minute++) await advance(MINUTE);
      return started - before;
    };
    expect(await runsIn(3)).toBe(3);
    const now = clock.now().getTime();
    const body = { name: 'Now', tags: ['db'], startsAt: new Date(now).toISOString(), endsAt: new Date(now + 60 * MINUTE).toISOString() };
    const window = await server.api('POST', '/v1/maintenance-windows', body);
    expect(window.status, window.text).toBe(201);
    expect(await runsIn(3)).toBe(0);
    expect((await server.api('PUT', `/v1/maintenance-windows/${window.body.id}`, { ...body, tags: ['other'] })).status).toBe(200);
    expect(await runsIn(3)).toBe(3);
    expect((await server.api('PUT', `/v1/maintenance-windows/${window.body.id}`, body)).status).toBe(200);
    expect(await runsIn(3)).toBe(0);
    expect((await server.api('DELETE', `/v1/maintenance-windows/${window.body.id}`)).status).toBe(204);
    expect(await runsIn(3)).toBe(3);
  });
});
