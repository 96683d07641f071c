import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import type { RunJob } from '../../src-main/runner/jobs';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { holdingScript, startHoldServer, type HoldServer } from '../helpers/hold-server';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { startHttpReceiver } from '../notify/receivers';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const WAIT = { timeout: 60_000, interval: 20 };

interface ResultRead {
  checkResultId: string;
  isCancelled: boolean;
  hasFailures: boolean;
  hasErrors: boolean;
  startedAt: string;
}

/**
 * A check's next scheduled run does not start while its previous one is still going in the same
 * location: the slot is skipped (a cancelled result saying why, counted per check), never a failure.
 * Real server, real SQLite, a real slow target (a loopback server that holds the request until the
 * test lets go), and the scheduler on a clock moved by hand.
 */
describe('one run of a check at a time', { timeout: 180_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(multiStepLane = 4): Promise<{ server: TestServer; timers: ManualTimers; hold: HoldServer }> {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    const server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 1000, lanes: { MULTI_STEP: multiStepLane } });
    cleanups.push(() => server.stop());
    const hold = await startHoldServer(
      () => true,
      () => server.backend.agent.active,
    );
    cleanups.push(() => hold.close());
    return { server, timers, hold };
  }

  const resultsOf = async (server: TestServer, checkId: string) => (await server.api('GET', `/v1/check-results/${checkId}?limit=100`)).body as ResultRead[];

  it('a 1-minute check whose run lasts over two minutes never has two runs in flight; the skipped slots are counted and shown', async () => {
    const { server, timers, hold } = await start();
    const channel = await server.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'on-call', url: 'http://127.0.0.1:9/hook' }, sendFailure: true, sendDegraded: true });
    expect(channel.status, channel.text).toBe(201);
    // Due at second 5 of every minute.
    const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'slow journey',
      frequency: 1,
      frequencyOffset: 5,
      maxResponseTime: 120_000,
      script: holdingScript(`${hold.base}/hold/slow`),
      alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }],
    });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;

    await timers.advance(6000);
    await vi.waitFor(() => expect(hold.held.length).toBe(1), WAIT);
    // Two more slots come due while the first run is held open: neither starts a run.
    for (let slot = 0; slot < 2; slot++) {
      await timers.advance(60_000);
      await vi.waitFor(() => expect(server.backend.agent.queued).toBe(0), WAIT);
      await server.backend.runs.coordinator.flush();
      expect(hold.arrivals).toEqual(['slow']);
      expect(server.backend.agent.active).toBe(1);
    }
    hold.release('slow');
    await vi.waitFor(() => expect(server.backend.agent.active).toBe(0), WAIT);
    await server.backend.runs.coordinator.flush();

    // Once it has finished, the next slot runs again.
    await timers.advance(60_000);
    await vi.waitFor(() => expect(hold.held.length).toBe(1), WAIT);
    hold.release('slow');
    await vi.waitFor(() => expect(server.backend.agent.active).toBe(0), WAIT);
    await server.backend.runs.coordinator.flush();
    await server.backend.alerting.dispatcher.drain();

    const results = await resultsOf(server, checkId);
    expect(results).toHaveLength(4);
    expect(results.filter((r) => r.hasFailures || r.hasErrors)).toEqual([]);
    const skipped = results.filter((r) => r.isCancelled);
    expect(skipped).toHaveLength(2);
    const detail = await server.api('GET', `/v1/check-results/${checkId}/${skipped[0]?.checkResultId}`);
    expect(detail.body.error).toMatchObject({ kind: 'PREVIOUS_RUN_ACTIVE', message: expect.stringMatching(/previous run of this check was still running/) });
    expect((await server.api('GET', '/v1/alert-notifications')).body).toEqual([]);

    // Counted apart from lane saturation, and named for the operator.
    const health = await server.backend.agentHealth();
    expect(health).toMatchObject({ status: 'ok', skippedLastHour: 0, overrunSkippedLastHour: 2 });
    expect(health.message).toMatch(/2 scheduled runs were skipped because the check's previous run was still going/);
    const trpc = trpcClient(server.url, server.key);
    const summary = await trpc.dashboard.summary.query();
    expect(summary.agent).toMatchObject({ overrunSkippedLastHour: 2, overrunningChecks: [{ checkId, name: 'slow journey', skippedLastHour: 2 }] });
    expect((await trpc.agent.health.query()).overrunningChecks).toEqual([{ checkId, name: 'slow journey', skippedLastHour: 2 }]);
  });

  it('a run that outlasts its period and then fails alerts, though the slots skipped meanwhile finished first', async () => {
    const { server, timers, hold } = await start();
    const receiver = await startHttpReceiver();
    cleanups.push(() => receiver.close());
    const channel = await server.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'on-call', url: `${receiver.url}/hook`, template: '{"type":"{{ALERT_TYPE}}","check":"{{CHECK_NAME}}"}' },
      sendFailure: true,
    });
    expect(channel.status, channel.text).toBe(201);
    const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'slow and broken',
      frequency: 1,
      frequencyOffset: 5,
      maxResponseTime: 120_000,
      doubleCheck: false,
      retryStrategy: null,
      script: holdingScript(`${hold.base}/hold/broken`),
      alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }],
    });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;

    await timers.advance(6000);
    await vi.waitFor(() => expect(hold.held.length).toBe(1), WAIT);
    // A slot comes due while the run is held: it is skipped, and its session ends first.
    await timers.advance(60_000);
    await vi.waitFor(() => expect(server.backend.agent.queued).toBe(0), WAIT);
    await server.backend.runs.coordinator.flush();
    await vi.waitFor(async () => expect((await resultsOf(server, checkId)).filter((r) => r.isCancelled)).toHaveLength(1), WAIT);

    hold.release('broken', 500);
    await vi.waitFor(() => expect(server.backend.agent.active).toBe(0), WAIT);
    await server.backend.runs.coordinator.flush();
    await vi.waitFor(async () => expect((await resultsOf(server, checkId)).filter((r) => r.hasFailures || r.hasErrors)).toHaveLength(1), WAIT);
    await server.backend.alerting.dispatcher.drain();
    await vi.waitFor(() => expect(receiver.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ type: 'ALERT_FAILURE', check: 'slow and broken' }]), WAIT);
  });

  it('a run that only waited in a saturated lane is replaced by the next one (a lane skip), not held against it', async () => {
    const { server, timers, hold } = await start(1);
    const ids: string[] = [];
    for (const [name, offset] of [['first', 5], ['second', 6]] as const) {
      const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name, frequency: 1, frequencyOffset: offset, maxResponseTime: 120_000, script: holdingScript(`${hold.base}/hold/${name}`) });
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id);
    }
    await timers.advance(7000);
    await vi.waitFor(() => expect(hold.held.map((h) => h.name)).toEqual(['first']), WAIT);
    expect(server.backend.agent.queued).toBe(1);
    // Next slots: the running check is held back; the waiting one's stale run gives way to its new one.
    await timers.advance(60_000);
    await server.backend.runs.coordinator.flush();
    expect(server.backend.agent.queued).toBe(1);
    const health = await server.backend.agentHealth();
    expect(health.skippedByLane.MULTI_STEP).toBe(1);
    expect(health.overrunSkippedLastHour).toBe(1);
    expect(health.overrunningChecks).toEqual([]);
    hold.release('first');
    await vi.waitFor(() => expect(hold.held.map((h) => h.name)).toEqual(['second']), WAIT);
    hold.release('second');
    await vi.waitFor(() => expect(server.backend.agent.active + server.backend.agent.queued).toBe(0), WAIT);
    await server.backend.runs.coordinator.flush();
    const [first, second] = await Promise.all(ids.map((id) => resultsOf(server, id)));
    expect(first?.map((r) => r.isCancelled).sort()).toEqual([false, true]);
    expect(second?.map((r) => r.isCancelled).sort()).toEqual([false, true]);
  });

  it('a session stuck open for 15 minutes no longer holds its check back', async () => {
    const { server, timers, hold } = await start();
    const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'stuck', frequency: 1, frequencyOffset: 5, maxResponseTime: 120_000, script: holdingScript(`${hold.base}/hold/stuck`) });
    expect(created.status, created.text).toBe(201);
    await timers.advance(6000);
    await vi.waitFor(() => expect(hold.held.length).toBe(1), WAIT);
    for (let minute = 1; minute < 15; minute++) await timers.advance(60_000);
    await server.backend.runs.coordinator.flush();
    expect(hold.arrivals).toHaveLength(1);
    expect((await server.backend.agentHealth()).overrunSkippedLastHour).toBe(14);
    await timers.advance(60_000);
    await vi.waitFor(() => expect(hold.arrivals).toHaveLength(2), WAIT);
    for (const held of [...hold.held]) hold.release(held.name);
    await vi.waitFor(() => expect(server.backend.agent.active).toBe(0), WAIT);
  });

  it('"Run now" still runs while a scheduled run is going', async () => {
    const { server, timers, hold } = await start();
    const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'slow', frequency: 1, frequencyOffset: 5, maxResponseTime: 120_000, script: holdingScript(`${hold.base}/hold/slow`) });
    expect(created.status, created.text).toBe(201);
    await timers.advance(6000);
    await vi.waitFor(() => expect(hold.held.length).toBe(1), WAIT);
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [created.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    await vi.waitFor(() => expect(hold.held.length).toBe(2), WAIT);
    for (const held of [...hold.held]) hold.release(held.name);
    await vi.waitFor(() => expect(server.backend.agent.active).toBe(0), WAIT);
  });

  it('holds for a private location too: a job still leased by a remote agent keeps the next slot from starting', async () => {
    const { server, timers } = await start();
    const location = await server.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    expect(location.status, location.text).toBe(201);
    const agentApi = (path: string, body: unknown) => server.api('POST', path, body, { authorization: `Bearer ${location.body.keys[0].rawKey}` });
    const agentId = (await agentApi('/v1/agent/register', { hostname: 'lab-host', concurrency: 1 })).body.agentId as string;
    const lease = async () => (await agentApi('/v1/agent/jobs/lease', { agentId, max: 5, waitSeconds: 0 })).body.jobs as RunJob[];
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'behind the lab', frequency: 1, frequencyOffset: 5, privateLocations: ['lab'], request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(created.status, created.text).toBe(201);

    await timers.advance(6000);
    const [first, ...others] = await lease();
    expect(first?.execution.runLocation).toBe('lab');
    expect(others).toEqual([]);
    // The agent keeps its lease alive (the lease is the run's limit + 30 s) past the next slot.
    for (let step = 0; step < 4; step++) {
      expect((await agentApi('/v1/agent/heartbeat', { agentId, runningJobIds: [first?.jobId] })).status).toBe(200);
      await timers.advance(20_000);
    }
    await server.backend.runs.coordinator.flush();
    expect(await lease()).toEqual([]);
    const results = await resultsOf(server, created.body.id);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ isCancelled: true, hasFailures: false });
    expect((await server.backend.agentHealth()).overrunSkippedLastHour).toBe(1);
  });
});
