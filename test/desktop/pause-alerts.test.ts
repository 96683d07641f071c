import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { alertsPausedUntil, pauseAllAlerts } from '../../src-main/services/desktop';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

const MINUTE = 60_000;
const T0 = Date.parse('2026-01-02T10:00:00.000Z');

describe('the tray\'s "Pause all alerts for 1 hour" (a maintenance window over every monitor)', { timeout: 120_000 }, () => {
  const open: TestServer[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) await server.stop();
  });

  it('no scheduled run (so no alert) for an hour, monitors created meanwhile included; then they run again', async () => {
    const clock = new ManualClock(T0);
    const timers = new ManualTimers(clock);
    const server = await startServer({ clock, timers, startScheduler: true, schedulerPollMs: 2000 });
    open.push(server);
    const ctx = { ...server.backend.deps, accountId: server.backend.accountId };
    const started: { checkId: string; at: number }[] = [];
    server.backend.events.on('sessionUpdated', (e) => {
      if (e.status === 'STARTED') started.push({ checkId: e.checkId, at: clock.now().getTime() });
    });
    const create = async (name: string) => {
      const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ name, frequency: 1, request: { hostname: '127.0.0.1', pingCount: 1 } }));
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const before = await create('before the pause');
    expect(await alertsPausedUntil(ctx)).toBeNull();

    const { until } = await pauseAllAlerts(ctx);
    expect(until).toBe(T0 + 60 * MINUTE);
    expect(await alertsPausedUntil(ctx)).toBe(until);
    const during = await create('created during the pause');
    // The operator sees it under Maintenance, over all monitors, and both monitors are in maintenance now.
    const current = await trpcClient(server.url, server.key).maintenanceWindows.current.query();
    expect(current.map((c) => c.checkName).sort()).toEqual(['before the pause', 'created during the pause']);

    for (let minute = 0; minute < 75; minute++) await timers.advance(MINUTE);
    const inPause = started.filter((s) => s.at < until);
    expect(inPause).toEqual([]);
    const after = started.filter((s) => s.at >= until).map((s) => s.checkId);
    expect(after).toEqual(expect.arrayContaining([before, during]));
    expect(await alertsPausedUntil(ctx)).toBeNull();
  });

  it('the window is listed by the REST API like any one-off window, naming every check as "*"', async () => {
    const server = await startServer();
    open.push(server);
    await pauseAllAlerts({ ...server.backend.deps, accountId: server.backend.accountId });
    const list = await server.api('GET', '/v1/maintenance-windows');
    expect(list.body).toEqual([expect.objectContaining({ name: 'All alerts paused from the desktop tray', checkIds: ['*'], repeatUnit: null })]);
  });
});
