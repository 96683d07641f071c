import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRaisedEvent } from '../../src-main/core/events';
import { findAlertState } from '../../src-main/db/repositories/alerts';
import { icmpBody, makeDataDir, startServer, type StartOptions, type TestServer } from '../helpers/server';
import { trpcError } from '../helpers/trpc';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel, IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { startServerWithClients, useServerWithClients } from '../helpers/trpc-server';

/** The "Desktop" delivery: the alert pipeline's raised alerts reach the notifier the Electron shell registers. */
describe('desktop app notifications through the alert pipeline', () => {
  let receiver: HttpReceiver;
  let channelId: number;
  const shown: AlertRaisedEvent[] = [];
  let unregister: () => void = () => undefined;

  const env = useServerWithClients();

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    channelId = await createChannel(env.server, { type: 'WEBHOOK', config: { name: 'Desk', url: `${receiver.url}/desk` } });
    unregister = env.server.backend.desktop.register((alert) => shown.push(alert));
  });
  afterAll(async () => {
    unregister();
    await receiver.close();
  });

  async function failingCheck(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await env.server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name, request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }], ...extra }),
    );
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  }

  const webhookAlertsOf = (checkId: string) => receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => JSON.parse(r.body).ALERT_TYPE as string);
  const shownFor = (checkId: string) => shown.filter((a) => a.checkId === checkId).map((a) => [a.alertType, a.checkName]);

  async function failOnce(checkId: string): Promise<void> {
    await runToCompletion(env.server.api, checkId);
    await env.server.backend.alerting.dispatcher.drain();
    // The webhook got it: alerting has judged the run, so any desktop notice has been handed over too.
    await expect.poll(() => webhookAlertsOf(checkId), { timeout: 15_000 }).toEqual(['ALERT_FAILURE']);
  }

  it('is off until the operator opts in: the webhook gets the alert, the desktop nothing', async () => {
    expect(await env.trpc.desktop.notificationSettings.query()).toEqual({ enabled: false, scope: 'all', checkIds: [] });
    const checkId = await failingCheck('Not opted in');
    await failOnce(checkId);
    expect(shownFor(checkId)).toEqual([]);
  });

  it('opted in for all monitors: a failing monitor reaches the desktop notifier with its name, once', async () => {
    await env.trpc.desktop.setNotificationSettings.mutate({ enabled: true, scope: 'all', checkIds: [] });
    const checkId = await failingCheck('Checkout API');
    await failOnce(checkId);
    expect(shownFor(checkId)).toEqual([['ALERT_FAILURE', 'Checkout API']]);
  });

  it('opted in for chosen monitors: only their alerts reach the desktop', async () => {
    const chosen = await failingCheck('Chosen');
    const other = await failingCheck('Not chosen');
    await env.trpc.desktop.setNotificationSettings.mutate({ enabled: true, scope: 'chosen', checkIds: [chosen] });
    await failOnce(chosen);
    await failOnce(other);
    expect(shownFor(chosen)).toEqual([['ALERT_FAILURE', 'Chosen']]);
    expect(shownFor(other)).toEqual([]);
  });

  it('a muted monitor alerts nobody, the desktop included', async () => {
    await env.trpc.desktop.setNotificationSettings.mutate({ enabled: true, scope: 'all', checkIds: [] });
    const checkId = await failingCheck('Muted', { muted: true });
    await runToCompletion(env.server.api, checkId);
    // Judged and alerted (the state says so), but nothing is sent anywhere.
    await expect.poll(async () => ((await findAlertState(env.server.backend.deps.db, checkId))?.state as { alerted?: string } | undefined)?.alerted, { timeout: 15_000 }).toBe('FAILURE');
    await env.server.backend.alerting.dispatcher.drain();
    expect(webhookAlertsOf(checkId)).toEqual([]);
    expect(shownFor(checkId)).toEqual([]);
  });

  it('"chosen monitors" without any is refused naming checkIds, and the stored opt-in is kept', async () => {
    const before = await env.trpc.desktop.notificationSettings.query();
    const error = await trpcError(env.trpc.desktop.setNotificationSettings.mutate({ enabled: true, scope: 'chosen', checkIds: [] }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('checkIds');
    expect(await env.trpc.desktop.notificationSettings.query()).toEqual(before);
  });

  it('is not a public channel type: the REST API refuses a DESKTOP channel', async () => {
    const created = await env.server.api('POST', '/v1/alert-channels', { type: 'DESKTOP', config: {} });
    expect(created.status).toBe(400);
    expect(created.text).toContain('type');
  });
});

describe('headless (no desktop shell registered)', () => {
  it('an opted-in account still gets its other channels, and nothing fails', async () => {
    const { server, trpc } = await startServerWithClients();
    const receiver = await startHttpReceiver();
    try {
      await trpc.desktop.setNotificationSettings.mutate({ enabled: true, scope: 'all', checkIds: [] });
      const channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'Headless', url: `${receiver.url}/h` } });
      const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Headless', request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }));
      const checkId = created.body.id as string;
      await runToCompletion(server.api, checkId);
      await server.backend.alerting.dispatcher.drain();
      await expect.poll(() => receiver.requests.filter((r) => r.body.includes(checkId)).length, { timeout: 15_000 }).toBe(1);
      expect(server.backend.events.listenerCount('alertRaised')).toBe(0);
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
});

describe('alerts raised while the desktop app starts', () => {
  const APP_ORIGIN = 'app://sightline';

  /**
   * A failing session left unjudged on `dataDir` (alerting was down when its result was stored, as
   * after a crash), by an account opted in to desktop notices; then a new start on the folder.
   */
  async function restartWithUnjudgedFailure(name: string, startOptions: StartOptions): Promise<{ server: TestServer; receiver: HttpReceiver; checkId: string }> {
    const dataDir = await makeDataDir();
    const receiver = await startHttpReceiver();
    const first = await startServerWithClients({ dataDir, ...startOptions });
    await first.trpc.desktop.setNotificationSettings.mutate({ enabled: true, scope: 'all', checkIds: [] });
    const channelId = await createChannel(first.server, { type: 'WEBHOOK', config: { name: 'Boot', url: `${receiver.url}/boot` } });
    const created = await first.server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name, frequency: 1440, request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }),
    );
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    await first.server.backend.alerting.stop();
    await runToCompletion(first.server.api, checkId);
    await first.server.close();
    expect(receiver.requests).toEqual([]);

    const server = await startServer({ dataDir, ...startOptions });
    await server.backend.alerting.caughtUp;
    await expect.poll(() => receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => JSON.parse(r.body).ALERT_TYPE as string), { timeout: 15_000 }).toEqual(['ALERT_FAILURE']);
    return { server, receiver, checkId };
  }

  it('the desktop app: an alert the catch-up at boot raises waits for the shell and reaches its notifier once it registers', async () => {
    const { server, receiver, checkId } = await restartWithUnjudgedFailure('Failed while the app was starting', { desktopOrigin: APP_ORIGIN });
    try {
      const shown: AlertRaisedEvent[] = [];
      const unregister = server.backend.desktop.register((alert) => shown.push(alert));
      expect(shown.map((a) => [a.checkId, a.alertType, a.checkName])).toEqual([[checkId, 'ALERT_FAILURE', 'Failed while the app was starting']]);
      // Handed over once: a later shell (the window re-registering) gets only new alerts.
      unregister();
      const again: AlertRaisedEvent[] = [];
      server.backend.desktop.register((alert) => again.push(alert));
      expect(again).toEqual([]);
    } finally {
      await server.stop();
      await receiver.close();
    }
  });

  it('sightline serve holds nothing for a shell that never comes', async () => {
    const { server, receiver } = await restartWithUnjudgedFailure('Failed on a headless server', {});
    try {
      const shown: AlertRaisedEvent[] = [];
      server.backend.desktop.register((alert) => shown.push(alert));
      expect(shown).toEqual([]);
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
});
