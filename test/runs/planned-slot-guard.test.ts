import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { EventBus } from '../../src-main/core/events';
import { openDb, type DbHandle } from '../../src-main/db/connection';
import { insertSessions } from '../../src-main/db/repositories/runs-sessions';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { isRunnable, loadCheckPlans, startSessions } from '../../src-main/services/check-sessions';
import type { ServiceDeps } from '../../src-main/services/context';
import { MIGRATIONS } from '../helpers/migrations';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

// Issue 35 item 4's last guard: the database refuses a second session for one check's planned slot,
// whichever server (a second leader, a deposed one finishing its tick) tries to start it.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const PERIOD = 10_000;
const STARTED_ELSEWHERE = 'scheduled slots already have a session (started by another server): not run here';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info', base: undefined }, stream), lines };
}

describe('one session per planned slot', () => {
  let server: TestServer | null = null;
  let other: DbHandle | null = null;
  afterEach(async () => {
    other?.close();
    other = null;
    await server?.stop();
    server = null;
  });

  it('insertSessions gives no id for a second row of the same check and planned_at, and never refuses rows without one', async () => {
    server = await startServer();
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ activated: false }));
    expect(created.status, created.text).toBe(201);
    const sqlite = server.backend.db.sqlite;
    // The schedule row (and its check_num) is made when plans are first loaded.
    const [{ checkNum }] = await loadCheckPlans(server.backend.deps, { checkIds: [created.body.id] });
    const row = (plannedAt: number | null, runSource: number) => ({ checkNum, status: 0, runSource, startedAt: T0, stoppedAt: null, runLocations: null, plannedAt });
    const db = server.backend.db.db;
    const [first, second, next] = await insertSessions(db, [row(T0 + PERIOD, 0), row(T0 + PERIOD, 0), row(T0 + 2 * PERIOD, 0)]);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeNull();
    expect(next).toBeGreaterThan(first!);
    const unplanned = await insertSessions(db, [row(null, 0), row(null, 1), row(null, 1)]);
    expect(unplanned.every((id) => typeof id === 'number' && id > 0)).toBe(true);
    expect(sqlite.prepare('select count(*) from check_sessions where check_num = ?').pluck().get(checkNum)).toBe(5);
  });

  it('a slot a second leader started is not run again, the next slot runs, and "run now" at that moment is not refused', async () => {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    const { logger, lines } = capturingLogger();
    server = await startServer({ clock, timers, logger, startScheduler: true, schedulerPollMs: 2000 });
    const backend = server.backend;
    const started: string[] = [];
    backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') started.push(e.checkSessionId);
    });
    const settle = async () => {
      await vi.waitFor(() => expect(backend.agent.active + backend.agent.queued).toBe(0), { timeout: 20_000, interval: 20 });
      await backend.runs.coordinator.flush();
    };

    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const sqlite = backend.db.sqlite;
    await timers.advance(2000);
    await timers.advance(PERIOD);
    expect(started).toHaveLength(1);
    const checkNum = sqlite.prepare('select check_num from check_schedule where check_id = ?').pluck().get(checkId) as number;
    const firstSlot = sqlite.prepare('select planned_at from check_sessions where check_num = ?').pluck().get(checkNum) as number;
    // The slot is the check's place on its grid: the next one is written one period later.
    expect(sqlite.prepare('select next_run_at from check_schedule where check_num = ?').pluck().get(checkNum)).toBe(firstSlot + PERIOD);
    await settle();

    // A second server on the same database, as a second leader would be: its own connection and events.
    other = openDb({ dataDir: server.dataDir, migrationsDir: MIGRATIONS });
    const theirEvents: string[] = [];
    const events = new EventBus();
    events.on('sessionUpdated', (e) => theirEvents.push(e.checkSessionId));
    const secondLeader: ServiceDeps = { ...backend.deps, db: other.db, runtime: { ...backend.deps.runtime, events } };
    const plan = (await loadCheckPlans(secondLeader, { checkIds: [checkId] })).filter(isRunnable)[0]!;
    expect(plan).toBeDefined();

    // The slot this server already started: the second leader gets no session, so no run.
    expect(await startSessions(secondLeader, [{ plan, runSource: 'SCHEDULER', plannedAt: firstSlot }])).toEqual([]);
    expect(theirEvents).toEqual([]);

    // The next slot, started by the second leader first (and run, once, by this server's agent).
    const nextSlot = firstSlot + PERIOD;
    const theirs = await startSessions(secondLeader, [{ plan, runSource: 'SCHEDULER', plannedAt: nextSlot }]);
    expect(theirs).toHaveLength(1);
    await backend.deps.runtime.runs!.dispatch(theirs);
    await settle();

    // Its time comes on this server: the scheduler's insert returns no id, so nothing starts here.
    const before = started.length;
    const logged = lines.length;
    await timers.advance(nextSlot - clock.now().getTime());
    expect(started).toHaveLength(before);
    expect(lines.slice(logged).filter((line) => line.msg === STARTED_ELSEWHERE)).toEqual([expect.objectContaining({ checks: 1, checkIds: [checkId] })]);

    // A run asked for at that very moment is not a planned slot: it runs.
    const now = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(now.status, now.text).toBe(201);
    // Even when a hand-started request names the slot's time: only the scheduler's sessions hold a slot.
    const byHand = await startSessions(backend.deps, [{ plan, runSource: 'SCHEDULE_NOW', plannedAt: nextSlot }]);
    expect(byHand).toHaveLength(1);
    await backend.deps.runtime.runs!.dispatch(byHand);
    await settle();

    // The slot after runs here as usual.
    await timers.advance(PERIOD);
    expect(started).toHaveLength(before + 3);
    await settle();

    const SCHEDULER = 0;
    const sessionsBySlot = sqlite
      .prepare('select planned_at as plannedAt, run_source as runSource, count(*) as n from check_sessions where check_num = ? group by planned_at, run_source order by planned_at nulls last, run_source')
      .all(checkNum);
    expect(sessionsBySlot).toEqual([
      { plannedAt: firstSlot, runSource: SCHEDULER, n: 1 },
      { plannedAt: nextSlot, runSource: SCHEDULER, n: 1 },
      { plannedAt: nextSlot + PERIOD, runSource: SCHEDULER, n: 1 },
      { plannedAt: null, runSource: expect.any(Number), n: 1 },
      { plannedAt: null, runSource: expect.any(Number), n: 1 },
    ]);
    // One run per session: every session has exactly one result, and the slot the second leader took has its own.
    const perSession = sqlite.prepare('select s.id, s.planned_at as plannedAt, count(r.id) as results from check_sessions s left join check_results r on r.session_id = s.id where s.check_num = ? group by s.id').all(checkNum) as { id: number; plannedAt: number | null; results: number }[];
    expect(perSession).toHaveLength(5);
    expect(perSession.map((s) => s.results)).toEqual([1, 1, 1, 1, 1]);
    expect(perSession.find((s) => s.plannedAt === nextSlot)?.id).toBe(theirs[0]!.sessionId);
    const results = await server.api('GET', `/v1/check-results/${checkId}?limit=100`);
    expect(results.status, results.text).toBe(200);
    expect(results.body).toHaveLength(5);
  });
});
