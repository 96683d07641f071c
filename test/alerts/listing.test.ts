import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel, START, startAlertHarness, type AlertHarness } from './harness';

const S = Date.parse(START) / 1000;
const DAY = 86_400;
const HOUR = 3600;

// Test notifications concern no check: checkId, checkType and checkResultId are left out (never null).
const FIELDS = ['alertChannelId', 'alertConfig', 'checkAlertId', 'id', 'notificationResult', 'status', 'timestamp', 'type'];

describe('GET /v1/alert-notifications: the 24-hour window at its edges (from inclusive, to exclusive)', () => {
  let h: AlertHarness;
  let receiver: HttpReceiver;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startAlertHarness();
    receiver = await startHttpReceiver();
    const channel = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Window', url: `${receiver.url}/w` } });
    for (const [name, at] of [['n1', S], ['n2', S + HOUR], ['n3', S + DAY], ['n4', S + DAY + 1]] as const) {
      h.clock.set(at * 1000);
      ids[name] = (await h.trpc.alerts.sendTestNotification.mutate({ alertChannelId: channel })).id;
    }
    await h.server.backend.alerting.dispatcher.drain();
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });

  const names = (body: { id: string }[]) => body.map((n) => Object.entries(ids).find(([, id]) => id === n.id)?.[0]);

  it('both given exactly 24 h apart: 200; one second more: 400', async () => {
    const ok = await h.server.api('GET', `/v1/alert-notifications?from=${S}&to=${S + DAY}`);
    expect(ok.status, ok.text).toBe(200);
    expect(names(ok.body)).toEqual(['n2', 'n1']);
    expect(Object.keys(ok.body[0]).sort()).toEqual(FIELDS);
    expect(ok.body[0]).toMatchObject({ status: 'SUCCESS', type: 'WEBHOOK', notificationResult: 'ok' });

    const tooWide = await h.server.api('GET', `/v1/alert-notifications?from=${S}&to=${S + DAY + 1}`);
    expect(tooWide.status).toBe(400);
    expect(tooWide.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(tooWide.body.message).toMatch(/at most 24 hours/);
  });

  it('only from: to = from + 24 h; only to: from = to − 24 h', async () => {
    const onlyFrom = await h.server.api('GET', `/v1/alert-notifications?from=${S + HOUR}`);
    expect(names(onlyFrom.body)).toEqual(['n4', 'n3', 'n2']);
    const onlyTo = await h.server.api('GET', `/v1/alert-notifications?to=${S + DAY + 1}`);
    expect(names(onlyTo.body)).toEqual(['n3', 'n2']);
  });

  it('neither: the last 24 hours', async () => {
    h.clock.set((S + DAY + HOUR) * 1000);
    const recent = await h.server.api('GET', '/v1/alert-notifications');
    expect(recent.status).toBe(200);
    expect(names(recent.body)).toEqual(['n4', 'n3', 'n2']);
  });
});

describe('GET /v1/alert-notifications: paging, content-range and filters', () => {
  let h: AlertHarness;
  let receiver: HttpReceiver;
  let good: number;
  let bad: number;

  beforeAll(async () => {
    h = await startAlertHarness();
    receiver = await startHttpReceiver();
    receiver.reply((request) => (request.path === '/bad' ? { status: 410, body: 'gone' } : { status: 200, body: 'ok' }));
    good = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Good', url: `${receiver.url}/good` } });
    bad = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Bad', url: `${receiver.url}/bad` } });
    await h.trpc.alerts.setDeliverySettings.mutate({ rateLimit: { max: 20, windowMinutes: 10 } });
    for (let i = 0; i < 9; i += 1) {
      await h.trpc.alerts.sendTestNotification.mutate({ alertChannelId: good });
      h.clock.advance(1000);
    }
    for (let i = 0; i < 11; i += 1) {
      await h.trpc.alerts.sendTestNotification.mutate({ alertChannelId: bad });
      h.clock.advance(1000);
    }
    await h.server.backend.alerting.dispatcher.drain();
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });

  it('limit and page with content-range; alertChannelId; hasFailures keeps FAILURE', async () => {
    const first = await h.server.api('GET', '/v1/alert-notifications?limit=5&page=1');
    expect(first.body).toHaveLength(5);
    expect(first.headers.get('content-range')).toBe('0-4/20');
    const last = await h.server.api('GET', '/v1/alert-notifications?limit=5&page=4');
    expect(last.headers.get('content-range')).toBe('15-19/20');

    const goodOnly = await h.server.api('GET', `/v1/alert-notifications?alertChannelId=${good}&limit=100`);
    expect(goodOnly.body.map((n: { status: string }) => n.status)).toEqual(Array(9).fill('SUCCESS'));

    const failing = await h.server.api('GET', '/v1/alert-notifications?hasFailures=true&limit=100');
    const statuses = failing.body.map((n: { status: string; alertChannelId: number }) => `${n.alertChannelId} ${n.status}`);
    expect(statuses).toEqual(Array(11).fill(`${bad} FAILURE`));

    const tooMany = await h.server.api('GET', '/v1/alert-notifications?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/limit/);
  });

  it('the tRPC twin lists the same page with the window it used', async () => {
    const page = await h.trpc.alerts.listNotifications.query({ limit: 5, page: 1 });
    expect(page.total).toBe(20);
    expect(page.to - page.from).toBe(DAY);
  });
});

describe('GET /v1/alert-notifications is limited to 5 requests per 10 s per key', () => {
  let h: AlertHarness;
  beforeAll(async () => {
    h = await startAlertHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('the 6th request answers 429 with the spec body, attributes and retry-after; other routes are not affected', async () => {
    for (let i = 0; i < 5; i += 1) expect((await h.server.api('GET', '/v1/alert-notifications')).status).toBe(200);
    const limited = await h.server.api('GET', '/v1/alert-notifications');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', attributes: { limit: 5, remaining: 0 } });
    expect(limited.body.message).toMatch(/5 requests per 10 s/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect((await h.server.api('GET', '/v1/alert-channels')).status).toBe(200);
  });
});
