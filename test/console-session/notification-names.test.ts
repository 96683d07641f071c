import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCheckAlert } from '../../src-main/db/repositories/alerts';
import { insertNotification } from '../../src-main/db/repositories/notifications';
import { createAlertChannel, icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

describe('the console names channels and checks in the notification log; REST keeps the public shape', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function notify(id: string, channelId: number, checkId: string | null): Promise<void> {
    const db = server.backend.deps.db;
    const now = Date.now();
    await insertCheckAlert(db, { id: `alert-${id}`, accountId: server.backend.accountId, checkId, alertType: 'ALERT_FAILURE', checkSessionId: null, checkResultId: null, muted: false, event: {}, createdAt: now });
    await insertNotification(db, {
      id,
      accountId: server.backend.accountId,
      checkAlertId: `alert-${id}`,
      alertChannelId: channelId,
      type: 'WEBHOOK',
      alertType: checkId ? 'ALERT_FAILURE' : 'TEST',
      status: 'SUCCESS',
      alertConfig: { url: 'http://127.0.0.1:9/hook', method: 'POST' },
      sealedConfig: null,
      notificationResult: 'ok',
      checkId,
      checkType: checkId ? 'ICMP' : null,
      checkResultId: null,
      attempts: 1,
      nextAttemptAt: null,
      sendingAt: null,
      sentAt: now,
      createdAt: now,
    });
  }

  it('lists the channel and check names as they are now', async () => {
    const named = await createAlertChannel(server, 'WEBHOOK', { name: 'Ops hook', url: 'http://127.0.0.1:9/hook', method: 'POST' });
    // An EMAIL channel's config carries no name, so the service has none to give.
    const unnamed = await createAlertChannel(server, 'EMAIL', { address: 'ops@example.test' });
    const check = (await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Gateway ping' }))).body;
    const gone = (await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Removed later' }))).body;
    await notify('n-named', named, check.id);
    await notify('n-unnamed', unnamed, null);
    await notify('n-gone', named, gone.id);
    await notify('n-deleted-channel', 999, null);
    expect((await server.api('DELETE', `/v1/checks/${gone.id}`)).status).toBe(204);

    const trpc = trpcClient(server.url, server.key);
    const items = new Map((await trpc.alerts.listNotifications.query({})).items.map((item) => [item.id, item]));
    expect(items.get('n-named')).toMatchObject({ channelName: 'Ops hook', channelExists: true, checkName: 'Gateway ping' });
    expect(items.get('n-unnamed')).toMatchObject({ channelName: null, channelExists: true, checkName: null });
    expect(items.get('n-gone')).toMatchObject({ checkId: gone.id, checkName: null });
    expect(items.get('n-deleted-channel')).toMatchObject({ channelName: null, channelExists: false });
    expect(await trpc.alerts.getNotification.query({ id: 'n-named' })).toMatchObject({ channelName: 'Ops hook', checkName: 'Gateway ping' });

    const rest = await server.api('GET', '/v1/alert-notifications');
    expect(rest.status).toBe(200);
    for (const item of rest.body) {
      expect(item).not.toHaveProperty('channelName');
      expect(item).not.toHaveProperty('checkName');
      expect(item).not.toHaveProperty('channelExists');
    }
  });
});
