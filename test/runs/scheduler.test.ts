import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { icmpBody, makeDataDir, startServer, type StartOptions, type TestServer } from '../helpers/server';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

interface Harness {
  server: TestServer;
  clock: ManualClock;
  timers: ManualTimers;
  started: string[];
}

async function start(dataDir?: string, at = T0, lanes?: StartOptions['lanes']): Promise<Harness> {
  const clock = new ManualClock(at);
  const timers = new ManualTimers(clock);
  const server = await startServer({ dataDir, clock, timers, startScheduler: true, schedulerPollMs: 2000, lanes });
  const started: string[] = [];
  server.backend.events.on('sessionUpdated', (e) => {
    if (e.status === 'STARTED') started.push(e.checkSessionId);
  });
  return { server, clock, timers, started };
}

/** Lets real pings finish, then writes their outcomes. */
async function settleRuns(h: Harness): Promise<void> {
  await vi.waitFor(() => expect(h.server.backend.agent.active + h.server.backend.agent.queued).toBe(0), { timeout: 20_000, interval: 20 });
  await h.server.backend.runs.coordinator.flush();
}

describe('scheduler (ManualClock, injected timers, real ping)', () => {
  const open: TestServer[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) await server.stop();
  });

  it('frequency 0 with offset 10 runs every 10 seconds', async () => {
    const h = await start();
    open.push(h.server);
    const created = await h.server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(created.status).toBe(201);
    await h.timers.advance(2000);
    expect(h.server.backend.scheduler.size).toBe(1);
    const before = h.started.length;
    await h.timers.advance(60_000);
    expect(h.started.length - before).toBe(6);
    const session = await h.server.api('GET', `/v1/check-sessions/${h.started[h.started.length - 1]}`);
    expect(session.body).toMatchObject({ checkId: created.body.id, runSource: 'SCHEDULER', runLocations: ['local'] });
  });

  it('rotates locations when runParallel is off, and runs all of them when it is on', async () => {
    const h = await start();
    open.push(h.server);
    const base = { frequency: 0, frequencyOffset: 10, locations: ['us-east-1', 'eu-west-1'], request: { hostname: '127.0.0.1', pingCount: 1 } };
    const rotating = await h.server.api('POST', '/v1/checks/icmp', icmpBody({ ...base, name: 'rotating', runParallel: false }));
    const parallel = await h.server.api('POST', '/v1/checks/icmp', icmpBody({ ...base, name: 'parallel', runParallel: true }));
    await h.timers.advance(2000);
    h.started.length = 0;
    await h.timers.advance(30_000);
    const sessions = await Promise.all(h.started.map(async (id) => (await h.server.api('GET', `/v1/check-sessions/${id}`)).body));
    const rotated = sessions.filter((s) => s.checkId === rotating.body.id).map((s) => s.runLocations);
    expect(rotated).toHaveLength(3);
    expect(rotated[0]).not.toEqual(rotated[1]);
    expect(rotated[0]).toEqual(rotated[2]);
    const all = sessions.filter((s) => s.checkId === parallel.body.id);
    expect(all).toHaveLength(3);
    for (const s of all) expect([...s.runLocations].sort()).toEqual(['eu-west-1', 'us-east-1']);
    await settleRuns(h);
    const done = await h.server.api('GET', `/v1/check-sessions/${all[0].checkSessionId}`);
    expect(done.body.status).toBe('PASSED');
    expect(done.body.results.map((r: { runLocation: string }) => r.runLocation).sort()).toEqual(['eu-west-1', 'us-east-1']);
  });

  it('a restart resumes without a burst: a past next run runs once within the minute, then on cadence', async () => {
    const dataDir = await makeDataDir();
    const first = await start(dataDir);
    const created = await first.server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 1, request: { hostname: '127.0.0.1', pingCount: 1 } }));
    await first.timers.advance(2000);
    await first.timers.advance(60_000);
    expect(first.started).toHaveLength(1);
    await settleRuns(first);
    await first.server.close();

    // Down for ten minutes: nine runs were missed; one catch-up run comes within the minute, at the check's phase.
    const second = await start(dataDir, first.clock.now().getTime() + 10 * 60_000);
    open.push(second.server);
    await second.timers.advance(0);
    expect(second.started.length).toBeLessThanOrEqual(1);
    await second.timers.advance(59_999);
    expect(second.started).toHaveLength(1);
    await second.timers.advance(60_000);
    expect(second.started).toHaveLength(2);
    const session = await second.server.api('GET', `/v1/check-sessions/${second.started[0]}`);
    expect(session.body.checkId).toBe(created.body.id);
  });

  it('an API check created through the API runs at once, then on its cadence from the first slot half a period later; an ICMP monitor, one created deactivated or in a maintenance window waits', async () => {
    const target = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
    const h = await start();
    open.push(h.server);
    try {
      // Offset 10 s at T0 (a minute boundary): the first slot is 10 s away, so a run within a second is the run at creation.
      const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, frequency: 1, frequencyOffset: 10, doubleCheck: false, request: { method: 'GET', url }, ...extra });
      const created = await h.server.api('POST', '/v1/checks/api', body('at once'));
      expect(created.status, created.text).toBe(201);
      await h.timers.advance(200);
      expect(h.started).toHaveLength(1);
      const first = await h.server.api('GET', `/v1/check-sessions/${h.started[0]}`);
      expect(first.body).toMatchObject({ checkId: created.body.id, runSource: 'SCHEDULER' });
      // Its next slot is the first at least half a period after that run: not T0+10 s (which would
      // find a slow first run still going and skip), but T0+70 s.
      await h.timers.advance(10_000);
      expect(h.started).toHaveLength(1);
      await h.timers.advance(59_000);
      expect(h.started).toHaveLength(1);
      await h.timers.advance(1_000);
      expect(h.started).toHaveLength(2);
      await settleRuns(h);

      expect((await h.server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 1, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } }))).status).toBe(201);
      expect((await h.server.api('POST', '/v1/checks/api', body('paused', { activated: false }))).status).toBe(201);
      const window = await h.server.api('POST', '/v1/maintenance-windows', {
        name: 'now',
        tags: ['quiet'],
        startsAt: new Date(h.clock.now().getTime() - 60_000).toISOString(),
        endsAt: new Date(h.clock.now().getTime() + 3_600_000).toISOString(),
      });
      expect(window.status, window.text).toBe(201);
      expect((await h.server.api('POST', '/v1/checks/api', body('quiet', { tags: ['quiet'] }))).status).toBe(201);
      await h.timers.advance(2_000);
      expect(h.started).toHaveLength(2);
    } finally {
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });

  it('a deactivated check stops running', async () => {
    const h = await start();
    open.push(h.server);
    const created = await h.server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } }));
    await h.timers.advance(12_000);
    expect(h.started.length).toBeGreaterThan(0);
    await h.server.api('PUT', `/v1/checks/icmp/${created.body.id}`, { activated: false });
    await h.timers.advance(2000);
    const count = h.started.length;
    await h.timers.advance(60_000);
    expect(h.started.length).toBe(count);
  });

  it('picks up checks created, edited and deleted while it runs, and a group switched off', async () => {
    const h = await start();
    open.push(h.server);
    const body = (offset: number) => icmpBody({ frequency: 0, frequencyOffset: offset, request: { hostname: '127.0.0.1', pingCount: 1 } });
    const startedFor = new Map<string, number>();
    h.server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') startedFor.set(e.checkId, (startedFor.get(e.checkId) ?? 0) + 1);
    });
    const sessionsOf = async (checkId: string) => startedFor.get(checkId) ?? 0;
    const a = (await h.server.api('POST', '/v1/checks/icmp', body(10))).body.id as string;
    await h.timers.advance(2000);
    expect(h.server.backend.scheduler.size).toBe(1);
    // Created in a later poll interval: only the new ones are loaded, and they run.
    const b = (await h.server.api('POST', '/v1/checks/icmp', body(10))).body.id as string;
    const c = (await h.server.api('POST', '/v1/checks/icmp', body(10))).body.id as string;
    await h.timers.advance(2000);
    expect(h.server.backend.scheduler.size).toBe(3);
    await h.timers.advance(20_000);
    await settleRuns(h);
    expect(await sessionsOf(b)).toBeGreaterThan(0);
    // Edited: b now runs every 30 s instead of every 10 s.
    await h.server.api('PUT', `/v1/checks/icmp/${b}`, { frequencyOffset: 30 });
    // Deleted together with a create: the count no longer adds up, so everything is reloaded.
    await h.server.api('DELETE', `/v1/checks/${c}`);
    const d = (await h.server.api('POST', '/v1/checks/icmp', body(10))).body.id as string;
    await h.timers.advance(2000);
    expect(h.server.backend.scheduler.size).toBe(3);
    await settleRuns(h);
    const before = { a: await sessionsOf(a), b: await sessionsOf(b), d: await sessionsOf(d) };
    await h.timers.advance(60_000);
    await settleRuns(h);
    expect((await sessionsOf(a)) - before.a).toBe(6);
    expect((await sessionsOf(b)) - before.b).toBe(2);
    expect((await sessionsOf(d)) - before.d).toBe(6);
    // A group switched off stops its checks although no check row changed.
    const group = await h.server.api('POST', '/v1/check-groups', { name: 'edge', activated: true });
    expect(group.status).toBe(201);
    await h.server.api('PUT', `/v1/checks/icmp/${a}`, { groupId: group.body.id });
    await h.timers.advance(2000);
    await h.server.api('PUT', `/v1/check-groups/${group.body.id}`, { name: 'edge', activated: false });
    await h.timers.advance(2000);
    expect(h.server.backend.scheduler.size).toBe(2);
  });

  it('retries a failing check per its FIXED strategy: two ATTEMPTs 30 s apart, then the FINAL', async () => {
    const h = await start();
    open.push(h.server);
    const created = await h.server.api(
      'POST',
      '/v1/checks/icmp',
      icmpBody({
        doubleCheck: false,
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 2, sameRegion: true },
        request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
      }),
    );
    const triggered = await h.server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [created.body.id] } });
    const id = triggered.body.sessions[0].checkSessionId;
    await settleRuns(h);
    expect((await h.server.api('GET', `/v1/check-sessions/${id}`)).body.status).toBe('PROGRESS');
    for (let i = 0; i < 2; i++) {
      await h.timers.advance(30_000);
      await settleRuns(h);
    }
    const session = (await h.server.api('GET', `/v1/check-sessions/${id}`)).body;
    expect(session.status).toBe('FAILED');
    expect(session.results.map((r: { resultType: string }) => r.resultType)).toEqual(['ATTEMPT', 'ATTEMPT', 'FINAL']);
    const starts = session.results.map((r: { startedAt: string }) => Date.parse(r.startedAt));
    expect(starts[1] - starts[0]).toBe(30_000);
    expect(starts[2] - starts[1]).toBe(30_000);
  });

  it('a run that could not start before its next run was due is skipped: no failure, no check status change', async () => {
    const h = await start(undefined, T0, { ICMP: 1 });
    open.push(h.server);
    const slow = await h.server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'slow', request: { hostname: '127.0.0.1', pingCount: 8 } }));
    const quick = await h.server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'queued', doubleCheck: false, request: { hostname: '127.0.0.1', pingCount: 1 } }));
    const first = await h.server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [slow.body.id] } });
    const second = await h.server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [quick.body.id] } });
    expect(h.server.backend.agent.queued).toBe(1);
    // The queued job's period (10 minutes) passes while the slow one still runs.
    h.clock.advance(11 * 60_000);
    await settleRuns(h);
    const skipped = (await h.server.api('GET', `/v1/check-sessions/${second.body.sessions[0].checkSessionId}`)).body;
    expect(skipped.status).toBe('CANCELLED');
    expect(skipped.results).toHaveLength(1);
    expect(skipped.results[0]).toMatchObject({ resultType: 'FINAL', hasErrors: false, hasFailures: false, isDegraded: false, isCancelled: true });
    const detail = await h.server.api('GET', `/v1/check-results/${quick.body.id}/${skipped.results[0].checkResultId}`);
    expect(detail.body.error.kind).toBe('SKIPPED');
    expect(detail.body.error.message).toMatch(/not a failure of the target/i);
    const statuses = (await h.server.api('GET', '/v1/check-statuses')).body as { checkId: string; hasFailures: boolean; hasErrors: boolean; lastCheckRunId: string | null }[];
    // The skipped run leaves the check as it was: never run.
    expect(statuses.find((s) => s.checkId === quick.body.id)).toMatchObject({ hasFailures: false, hasErrors: false, lastCheckRunId: null });
    const icmp = h.server.backend.agent.laneStats().find((lane) => lane.lane === 'ICMP');
    expect(icmp).toMatchObject({ capacity: 1, skippedTotal: 1 });
    expect((await h.server.api('GET', `/v1/check-sessions/${first.body.sessions[0].checkSessionId}`)).body.status).toBe('PASSED');
  });
});
