import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { holdingScript, startHoldServer, type HoldServer } from '../helpers/hold-server';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

const WAIT = { timeout: 90_000, interval: 20 };

interface ResultRead {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  checkResultId: string;
}

/**
 * A multi-step lane of capacity 1 with checks that hold their run open (slow but healthy), and an
 * ICMP check beside them: the multi-step runs that cannot start in time are skipped — no failing
 * result, no alert — while the ICMP lane keeps running. Real Playwright and ping, manual clock.
 */
describe('a saturated lane (capacity 1, runs longer than their period)', { timeout: 240_000 }, () => {
  let server: TestServer;
  let clock: ManualClock;
  let timers: ManualTimers;
  let hold: HoldServer;
  let webhook: HttpReceiver;

  beforeAll(async () => {
    clock = new ManualClock('2026-01-01T00:00:00.000Z');
    timers = new ManualTimers(clock);
    server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 1000, lanes: { MULTI_STEP: 1 } });
    hold = await startHoldServer(
      () => true,
      () => server.backend.agent.active,
    );
    webhook = await startHttpReceiver();
  });
  afterAll(async () => {
    await server.stop();
    await hold.close();
    await webhook.close();
  });

  it('skips what could not start, fails nothing, alerts nobody, and keeps ICMP running', async () => {
    const channel = await server.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'on-call', url: `${webhook.url}/hook` }, sendFailure: true, sendDegraded: true });
    expect(channel.status, channel.text).toBe(201);
    const subscribed = { alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }] };
    const slow: string[] = [];
    for (const name of ['slow-a', 'slow-b']) {
      const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name, frequency: 1, maxResponseTime: 120_000, script: holdingScript(`${hold.base}/hold/${name}`), ...subscribed });
      expect(created.status, created.text).toBe(201);
      slow.push(created.body.id);
    }
    const ping = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'gateway', frequency: 1, request: { hostname: '127.0.0.1', pingCount: 1 }, ...subscribed }));
    expect(ping.status, ping.text).toBe(201);

    // Three minutes of schedule: each slow check is due three times, one lane slot is held open throughout.
    await timers.advance(1000);
    for (let minute = 0; minute < 3; minute++) {
      await timers.advance(60_000);
      await vi.waitFor(() => expect(hold.held.length).toBe(1), WAIT);
    }
    await timers.advance(30_000);
    // Let every held run finish; queued runs whose next run came due meanwhile are skipped, the rest run.
    await vi.waitFor(() => {
      for (const held of [...hold.held]) hold.release(held.name);
      expect(server.backend.agent.active + server.backend.agent.queued).toBe(0);
    }, WAIT);
    await server.backend.runs.coordinator.flush();
    await server.backend.alerting.dispatcher.drain();

    const resultsOf = async (checkId: string) => (await server.api('GET', `/v1/check-results/${checkId}?limit=100`)).body as ResultRead[];
    const slowResults = [...(await resultsOf(slow[0] ?? '')), ...(await resultsOf(slow[1] ?? ''))];
    expect(slowResults.filter((r) => r.hasFailures || r.hasErrors || r.isDegraded)).toEqual([]);
    const skipped = slowResults.filter((r) => r.isCancelled);
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(slowResults.length - skipped.length).toBeGreaterThanOrEqual(2);

    const pings = await resultsOf(ping.body.id);
    // Due once a minute over 3.5 minutes: three or four runs, depending on the check's phase.
    expect(pings.length).toBeGreaterThanOrEqual(3);
    expect(pings.every((r) => !r.hasFailures && !r.hasErrors && !r.isCancelled)).toBe(true);

    expect(webhook.requests).toEqual([]);
    const notifications = await server.api('GET', '/v1/alert-notifications');
    expect(notifications.body).toEqual([]);

    const health = await server.backend.agentHealth();
    expect(health.status).toBe('saturated');
    // The held check's own next slots are skipped as overrunning its period; the other's waiting runs as lane saturation.
    const laneSkips = health.skippedByLane.MULTI_STEP ?? 0;
    expect(laneSkips).toBeGreaterThanOrEqual(1);
    expect(laneSkips + health.overrunSkippedLastHour).toBe(skipped.length);
    expect(health.message).toMatch(/--lane-multistep/);
    expect(health.lanes.find((lane) => lane.lane === 'MULTI_STEP')).toMatchObject({ capacity: 1, skippedTotal: laneSkips });
    expect(health.lanes.find((lane) => lane.lane === 'ICMP')).toMatchObject({ skippedTotal: 0 });
  });
});
