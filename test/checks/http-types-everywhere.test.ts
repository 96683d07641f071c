import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, runToCompletion } from '../alerts/harness';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from '../notify/receivers';
import { startTlsTargets, type TlsTargets } from './ssl-certs';

/**
 * Issue 33 item 6, last sentence: groups, status pages, maintenance windows, uptime and dependencies
 * treat API checks, URL monitors and SSL monitors like the older types. Real server, real runs
 * against a target on 127.0.0.1 (an HTTP receiver whose answers the test switches), real webhook.
 */
describe('API, URL and SSL checks in groups, status pages, maintenance, uptime and dependencies', () => {
  let server: TestServer;
  let target: HttpReceiver;
  let hook: HttpReceiver;
  let tls: TlsTargets;
  let channelId: number;
  /** What the target answers on each path; anything else is a 404. */
  const answers = new Map<string, number>([
    ['/ok', 200],
    ['/down', 503],
  ]);

  beforeAll(async () => {
    tls = await startTlsTargets();
    target = await startHttpReceiver();
    target.reply((request) => {
      const status = answers.get(request.path) ?? 404;
      return { status, body: JSON.stringify({ path: request.path, status }), headers: { 'content-type': 'application/json' } };
    });
    hook = await startHttpReceiver();
    server = await startServer();
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'On call', url: `${hook.url}/hook` } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await target?.close();
    await hook?.close();
    await tls?.close();
  });

  const subscribed = { alertChannelSubscriptions: [] as { alertChannelId: number; activated: boolean }[] };
  async function create(segment: 'api' | 'url' | 'ssl', body: Record<string, unknown>, alerting = false): Promise<string> {
    const res = await server.api('POST', `/v1/checks/${segment}?autoAssignAlerts=false`, {
      doubleCheck: false,
      ...(alerting ? { alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] } : subscribed),
      ...body,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function lastResult(checkId: string): Promise<{ hasFailures: boolean; hasErrors: boolean; apiCheckResult?: { response: { status: number } } }> {
    const res = await server.api('GET', `/v1/check-results/${checkId}?limit=1`);
    expect(res.status, res.text).toBe(200);
    return res.body[0];
  }
  async function alerts(): Promise<Record<string, string>[]> {
    await server.backend.alerting.dispatcher.drain();
    return hook.requests.map((r: ReceivedRequest) => JSON.parse(r.body) as Record<string, string>);
  }

  it('a group’s apiCheckDefaults complete its API members (base URL, header, assertion); an SSL member of the same group runs as usual', async () => {
    const group = await server.api('POST', '/v1/check-groups', {
      name: 'Edge',
      locations: [],
      apiCheckDefaults: { url: target.url, headers: [{ key: 'x-team', value: 'edge' }], assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
    });
    expect(group.status, group.text).toBe(201);
    const groupId = group.body.id as number;
    const ok = await create('api', { name: 'Group OK', groupId, request: { method: 'GET', url: '/ok' } });
    const missing = await create('api', { name: 'Group missing', groupId, request: { method: 'GET', url: '/missing' } });
    const cert = await create('ssl', { name: 'Group certificate', groupId, request: { sslConfig: { hostname: '127.0.0.1', port: tls.ports.valid, skipChainValidation: true } } });
    for (const id of [ok, missing, cert]) await runToCompletion(server.api, id);

    expect(target.requests.filter((r) => r.path === '/ok' || r.path === '/missing').map((r) => [r.path, r.headers['x-team']])).toEqual([
      ['/ok', 'edge'],
      ['/missing', 'edge'],
    ]);
    expect(await lastResult(ok)).toMatchObject({ hasFailures: false, apiCheckResult: { response: { status: 200 } } });
    // The member has no assertion of its own: the group's STATUS_CODE 200 fails it.
    expect(await lastResult(missing)).toMatchObject({ hasFailures: true, apiCheckResult: { response: { status: 404 } } });
    expect(await lastResult(cert)).toMatchObject({ hasFailures: false, hasErrors: false });
    const members = await server.api('GET', `/v1/check-groups/${groupId}/checks`);
    expect(members.status, members.text).toBe(200);
    expect((members.body as { name: string; checkType: string }[]).map((c) => `${c.checkType} ${c.name}`).sort()).toEqual(['API Group OK', 'API Group missing', 'SSL Group certificate']);
  });

  it('a status page service backed by an API check shows its outage, and recovers with it', async () => {
    const trpc = trpcClient(server.url, server.key);
    const service = await server.api('POST', '/v1/status-pages/services', { name: 'Orders API' });
    expect(service.status, service.text).toBe(201);
    const page = await server.api('POST', '/v1/status-pages', { name: 'Shop status', url: 'shop', cards: [{ name: 'Core', services: [{ id: service.body.id }] }] });
    expect(page.status, page.text).toBe(201);
    await trpc.statusPages.pages.publish.mutate({ id: page.body.id as string, published: true });
    answers.set('/orders', 503);
    const orders = await create('api', { name: 'Orders', request: { method: 'GET', url: `${target.url}/orders`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } });
    await trpc.statusPages.services.setChecks.mutate({ id: service.body.id as string, checkIds: [orders] });

    const stateOf = async () => {
      const summary = await fetch(`${server.url}/status/shop/summary.json`);
      expect(summary.status).toBe(200);
      const text = await summary.text();
      const json = JSON.parse(text) as { cards: { services: { name: string; state: string }[] }[] };
      return json.cards.flatMap((card) => card.services).find((s) => s.name === 'Orders API')?.state ?? text;
    };
    await runToCompletion(server.api, orders);
    expect(await stateOf()).toBe('MAJOR_OUTAGE');
    answers.set('/orders', 200);
    await runToCompletion(server.api, orders);
    expect(await stateOf()).toBe('OPERATIONAL');
  });

  it('uptime: an URL monitor’s availability and response time count its passing and failing runs', async () => {
    answers.set('/flaky', 200);
    const flaky = await create('url', { name: 'Flaky page', request: { url: `${target.url}/flaky`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } });
    await runToCompletion(server.api, flaky);
    await runToCompletion(server.api, flaky);
    answers.set('/flaky', 500);
    await runToCompletion(server.api, flaky);
    const stats = await server.api('GET', `/v1/analytics/url-monitors/${flaky}?quickRange=last24Hours`);
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body).toMatchObject({ checkId: flaky, checkType: 'URL' });
    const data = (stats.body as { series: { data: Record<string, number | null> }[] }).series[0]?.data;
    expect(data?.availability).toBeCloseTo(66.6667, 2);
    expect(data?.responseTime_avg).toEqual(expect.any(Number));
    // Grouped by the status code each run got, as the public API groups API checks' runs.
    const byStatus = await server.api('GET', `/v1/analytics/url-monitors/${flaky}?quickRange=last24Hours&groupBy=statusCode&metrics=availability`);
    expect(byStatus.status, byStatus.text).toBe(200);
    expect((byStatus.body as { series: { statusCode: number; data: { availability: number } }[] }).series).toEqual([
      { statusCode: 200, data: { availability: 100 } },
      { statusCode: 500, data: { availability: 0 } },
    ]);
    // Other types have no status code to group by: a 400 naming the field.
    const ssl = await create('ssl', { name: 'Uptime certificate', activated: false, request: { sslConfig: { hostname: '127.0.0.1', port: tls.ports.valid } } });
    const refused = await server.api('GET', `/v1/analytics/ssl/${ssl}?groupBy=statusCode`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('groupBy');
  });

  it('dependencies: an API check that depends on a failing URL monitor is held down; only the monitor alerts', async () => {
    hook.requests.length = 0;
    answers.set('/gateway', 503);
    answers.set('/behind-gateway', 502);
    const gateway = await create('url', { name: 'Gateway', request: { url: `${target.url}/gateway`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } }, true);
    const behind = await create(
      'api',
      { name: 'Behind gateway', dependsOn: [gateway], request: { method: 'GET', url: `${target.url}/behind-gateway`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } },
      true,
    );
    await runToCompletion(server.api, gateway);
    await runToCompletion(server.api, behind);
    const got = await alerts();
    expect(got.map((b) => [b.CHECK_NAME, b.ALERT_TYPE])).toEqual([['Gateway', 'ALERT_FAILURE']]);
    expect(got[0]?.HELD_DOWN_COUNT).toBe('1');
    expect(got[0]?.HELD_DOWN).toContain('Behind gateway');
    // The held check's own run still failed and is stored as such.
    expect(await lastResult(behind)).toMatchObject({ hasFailures: true });
  });
});

/** The scheduler on (real time): a maintenance window open now holds a tagged API check's runs, so it never alerts; an untagged twin does. */
describe('a maintenance window holds an API check (its alert never goes out)', () => {
  let server: TestServer;
  let target: HttpReceiver;
  let hook: HttpReceiver;

  beforeAll(async () => {
    target = await startHttpReceiver();
    target.reply({ status: 503, body: 'down' });
    hook = await startHttpReceiver();
    server = await startServer({ startScheduler: true, schedulerPollMs: 200 });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await target?.close();
    await hook?.close();
  });

  it('the tagged check does not run while the window is open; the untagged one runs and alerts', async () => {
    const channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'On call', url: `${hook.url}/hook` } });
    const now = Date.now();
    const window = await server.api('POST', '/v1/maintenance-windows', {
      name: 'Deploy',
      tags: ['deploying'],
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(window.status, window.text).toBe(201);
    const create = async (name: string, tags: string[]) => {
      const res = await server.api('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name,
        tags,
        frequency: 1,
        doubleCheck: false,
        alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }],
        request: { method: 'GET', url: `${target.url}/api`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const held = await create('In maintenance', ['deploying']);
    const free = await create('Not in maintenance', []);
    // Both are due at once (a new check runs when created): the free one fails and alerts.
    await expect.poll(async () => ((await server.api('GET', `/v1/check-results/${free}`)).body as unknown[]).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        await server.backend.alerting.dispatcher.drain();
        return hook.requests.map((r) => (JSON.parse(r.body) as { CHECK_NAME: string }).CHECK_NAME);
      }, { timeout: 20_000 })
      .toEqual(['Not in maintenance']);
    expect(server.backend.scheduler.skippedForMaintenance).toBeGreaterThanOrEqual(1);
    expect((await server.api('GET', `/v1/check-results/${held}`)).body).toEqual([]);
    expect(target.requests).toHaveLength(1);
  });
});
