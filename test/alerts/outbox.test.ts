import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel, createCheck, deliveredLog, result, run, startAlertHarness, type AlertHarness } from './harness';

const SECOND = 1000;

describe('the notification outbox: retries, final states, rate limits, test notifications', () => {
  let h: AlertHarness;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    h = await startAlertHarness();
    receiver = await startHttpReceiver();
    await h.trpc.alerts.setDeliverySettings.mutate({ timeoutMs: 2000 });
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });

  const hook = (path: string) => createChannel(h.server, { type: 'WEBHOOK', config: { name: path, url: `${receiver.url}${path}` } });
  const requestsTo = (path: string) => receiver.requests.filter((r) => r.path === path);
  const dispatcher = () => h.server.backend.alerting.dispatcher;

  it('a 503 is retried after 10 s and 30 s with the same Idempotency-Key, then SUCCESS', async () => {
    const channel = await hook('/flaky');
    const checkId = await createCheck(h.server, [channel]);
    let calls = 0;
    receiver.reply((request) => (request.path === '/flaky' && ++calls <= 2 ? { status: 503, body: 'busy' } : { status: 200, body: 'accepted' }));
    const [id] = (await run(h, checkId, result('FAIL'))).notificationIds;

    await dispatcher().drain();
    expect(await h.trpc.alerts.getNotification.query({ id: id ?? '' })).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, notificationResult: 'busy' });
    h.clock.advance(9 * SECOND);
    await dispatcher().drain();
    expect(requestsTo('/flaky')).toHaveLength(1);
    h.clock.advance(1 * SECOND);
    await dispatcher().drain();
    expect(requestsTo('/flaky')).toHaveLength(2);
    h.clock.advance(30 * SECOND);
    await dispatcher().drain();
    expect(await h.trpc.alerts.getNotification.query({ id: id ?? '' })).toMatchObject({ status: 'SUCCESS', attempts: 3, notificationResult: 'accepted' });
    expect(new Set(requestsTo('/flaky').map((r) => r.headers['idempotency-key']))).toEqual(new Set([id]));
  });

  it('gives up after 5 attempts (10 s, 30 s, 2 min, 10 min apart) and records FAILURE', async () => {
    const channel = await hook('/down');
    const checkId = await createCheck(h.server, [channel]);
    receiver.reply((request) => (request.path === '/down' ? { status: 500, body: 'exploded' } : { status: 200 }));
    const [id] = (await run(h, checkId, result('FAIL'))).notificationIds;
    await dispatcher().drain();
    for (const wait of [10, 30, 120, 600]) {
      h.clock.advance(wait * SECOND);
      await dispatcher().drain();
    }
    expect(requestsTo('/down')).toHaveLength(5);
    h.clock.advance(3600 * SECOND);
    await dispatcher().drain();
    expect(requestsTo('/down')).toHaveLength(5);
    const failed = await h.trpc.alerts.getNotification.query({ id: id ?? '' });
    expect(failed).toMatchObject({ status: 'FAILURE', attempts: 5, notificationResult: 'exploded' });
    expect(failed.timestamp).not.toBeNull();
  });

  it('a rejection that cannot succeed (404) is not retried', async () => {
    const channel = await hook('/gone');
    const checkId = await createCheck(h.server, [channel]);
    receiver.reply((request) => (request.path === '/gone' ? { status: 404, body: 'no such hook' } : { status: 200 }));
    const [id] = (await run(h, checkId, result('FAIL'))).notificationIds;
    await dispatcher().drain();
    h.clock.advance(3600 * SECOND);
    await dispatcher().drain();
    expect(requestsTo('/gone')).toHaveLength(1);
    expect(await h.trpc.alerts.getNotification.query({ id: id ?? '' })).toMatchObject({ status: 'FAILURE', attempts: 1 });
  });

  it('per-channel budget: over 3 per 10 minutes notifications wait for one digest, sent once the budget has room', async () => {
    receiver.reply({ status: 200, body: 'ok' });
    await h.trpc.alerts.setDeliverySettings.mutate({ rateLimit: { max: 3, windowMinutes: 10 } });
    const channel = await hook('/limited');
    const checkId = await createCheck(h.server, [channel], { name: 'Limited', flapDetection: { enabled: false } });
    for (let i = 0; i < 5; i += 1) {
      await run(h, checkId, result(i % 2 === 0 ? 'FAIL' : 'PASS'));
      h.clock.advance(60 * SECOND);
    }
    const log = await deliveredLog(h, `alertChannelId=${channel}`);
    const sentFirst = log.slice(-3).reverse();
    expect(sentFirst.map((n) => `${String(n.alertType)} ${String(n.status)}`)).toEqual(['ALERT_FAILURE SUCCESS', 'ALERT_RECOVERY SUCCESS', 'ALERT_FAILURE SUCCESS']);
    const waiting = log.slice(0, -3);
    expect(waiting.map((n) => `${String(n.alertType)} ${String(n.status)}`).sort()).toEqual(['ALERT_FAILURE IN_PROGRESS', 'ALERT_RECOVERY IN_PROGRESS', 'DIGEST IN_PROGRESS']);
    expect(requestsTo('/limited')).toHaveLength(3);
    expect(String(waiting.find((n) => n.alertType === 'ALERT_FAILURE')?.notificationResult)).toContain('budget of 3 notifications per 10 minutes');
    // Ten minutes after the first, the budget has room for one: the digest, with the monitor once, as it is now.
    h.clock.advance(5 * 60 * SECOND);
    await dispatcher().drain();
    expect(requestsTo('/limited')).toHaveLength(4);
    expect(JSON.parse(requestsTo('/limited')[3]?.body ?? '{}')).toMatchObject({ ALERT_TYPE: 'DIGEST', DIGEST: 'Limited: FAILED (2 notifications)', DIGEST_COUNT: '1' });
    const after = await deliveredLog(h, `alertChannelId=${channel}`);
    expect(after.map((n) => n.status)).toEqual(Array(6).fill('SUCCESS'));
    await h.trpc.alerts.setDeliverySettings.mutate({ rateLimit: { max: 20, windowMinutes: 10 } });
  });

  it('POST /v1/alert-channels/{id}/test answers 201 with the notification; it is delivered as TEST', async () => {
    receiver.reply({ status: 200, body: 'test ok' });
    const channel = await hook('/tested');
    const sent = await h.server.api('POST', `/v1/alert-channels/${channel}/test`);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ type: 'WEBHOOK', status: 'IN_PROGRESS', alertChannelId: channel, timestamp: null });
    // It concerns no check: checkId, checkType and checkResultId are left out (the public schema has no null for them).
    expect(Object.keys(sent.body).sort()).toEqual(['alertChannelId', 'alertConfig', 'checkAlertId', 'id', 'notificationResult', 'status', 'timestamp', 'type']);
    await dispatcher().drain();
    const [request] = requestsTo('/tested');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ ALERT_TYPE: 'TEST' });
    expect(request?.headers['idempotency-key']).toBe(sent.body.id);

    const viaTrpc = await h.trpc.alerts.sendTestNotification.mutate({ alertChannelId: channel });
    await dispatcher().drain();
    expect(await h.trpc.alerts.getNotification.query({ id: viaTrpc.id })).toMatchObject({ status: 'SUCCESS', alertType: 'TEST', notificationResult: 'test ok' });

    const missing = await h.server.api('POST', '/v1/alert-channels/999999/test');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
  });
});
