import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_FLAGS } from '../../src-main/db/repositories/runs-results';
import { checkStats } from '../../src-main/services/checks/stats';
import { startRetention, type Retention } from '../../src-main/services/engines/retention';
import { quickRangeWindow } from '../../src-shared/rules/quick-range';
import { IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { HOUR, openRetentionDb, type RetentionDb } from '../retention/harness';

describe('POST /v1/analytics/checks and GET /v1/analytics/{type}/{id} over real runs', { timeout: 120_000 }, () => {
  let server: TestServer;
  let up: string;
  let down: string;
  let never: string;

  beforeAll(async () => {
    server = await startServer();
    const create = async (body: Record<string, unknown>) => {
      const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', body);
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    up = await create(icmpBody({ name: 'Up', request: { hostname: '127.0.0.1', pingCount: 2 } }));
    down = await create(icmpBody({ name: 'Down', request: IMPOSSIBLE }));
    never = await create(icmpBody({ name: 'Never ran' }));
    await runToCompletion(server.api, up);
    await runToCompletion(server.api, up);
    await runToCompletion(server.api, down);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers availability, response times and packet loss per check, in the order asked; unknown ids are left out', async () => {
    const res = await server.api('POST', '/v1/analytics/checks?quickRange=last24Hours', { checkIds: [down, up, never, '00000000-0000-4000-8000-000000000000'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((r: { checkId: string }) => r.checkId)).toEqual([down, up, never]);
    const [d, u, n] = res.body;
    expect(u).toMatchObject({ checkType: 'ICMP', availability: 100, packetLoss_avg: 0, hopCount_avg: null });
    expect(u.responseTime_avg).toBeGreaterThanOrEqual(0);
    expect(u.latency_avg).toBe(u.responseTime_avg);
    expect(u.responseTime_p95).toBeGreaterThanOrEqual(u.responseTime_p50);
    expect(d).toMatchObject({ availability: 0 });
    expect(n).toMatchObject({ availability: null, responseTime_avg: null, latency_avg: null, packetLoss_avg: null });
  });

  it('a window without runs has no availability; bad input answers 400 naming the field', async () => {
    const lastMonth = await server.api('POST', '/v1/analytics/checks?quickRange=lastMonth', { checkIds: [up] });
    expect(lastMonth.body[0]).toMatchObject({ checkId: up, availability: null });
    for (const [query, body, field] of [
      ['quickRange=yesterday', { checkIds: [up] }, 'quickRange'],
      ['', { checkIds: [] }, 'checkIds'],
      ['', {}, 'checkIds'],
      ['', { checkIds: Array.from({ length: 101 }, () => up) }, 'checkIds'],
    ] as const) {
      const res = await server.api('POST', `/v1/analytics/checks?${query}`, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toContain(`${field}: `);
    }
  });

  it('a READ_ONLY key may ask (the POST is a read)', async () => {
    const member = await server.api('POST', '/v1/accounts/me/members', { name: 'Reader', email: 'reader@example.test', role: 'READ_ONLY' });
    expect(member.status, member.text).toBe(201);
    const res = await fetch(`${server.url}/v1/analytics/checks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.body.apiKey.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ checkIds: [up] }),
    });
    expect(res.status).toBe(200);
  });

  it('GET /v1/analytics/icmp/{id}: the type\'s default metrics with units, or the ones asked for', async () => {
    const res = await server.api('GET', `/v1/analytics/icmp/${up}?quickRange=last7Days`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ checkId: up, name: 'Up', checkType: 'ICMP', activated: true, frequency: 10 });
    expect(Object.keys(res.body.series[0].data)).toEqual(['availability', 'packetLoss_avg', 'latencyAvg_avg', 'latencyAvg_p50', 'latencyAvg_p95', 'latencyAvg_p99']);
    expect(res.body.series[0].data).toMatchObject({ availability: 100, packetLoss_avg: 0 });
    expect(res.body.metadata.availability).toEqual({ label: 'Availability', unit: 'percentage' });
    expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(7 * 24 * HOUR);

    const asked = await server.api('GET', `/v1/analytics/icmp/${down}?metrics=availability,responseTime_avg`);
    expect(asked.body.series[0].data).toMatchObject({ availability: 0 });
    expect(Object.keys(asked.body.series[0].data)).toEqual(['availability', 'responseTime_avg']);

    const unknown = await server.api('GET', `/v1/analytics/icmp/${up}?metrics=LCP_avg`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('metrics: LCP_avg');
    const byStatusCode = await server.api('GET', `/v1/analytics/icmp/${up}?groupBy=statusCode`);
    expect(byStatusCode.status).toBe(400);
    expect(byStatusCode.body.message).toContain('groupBy: ');
    expect((await server.api('GET', `/v1/analytics/icmp/${up}?groupBy=region`)).status).toBe(400);
    expect((await server.api('GET', `/v1/analytics/traceroute/${up}`)).status).toBe(404);
    expect((await server.api('GET', `/v1/analytics/icmp/${up}?quickRange=forever`)).status).toBe(400);
  });
});

describe('GET /v1/analytics/{type}/{id}: by run location and by outcome (raw results)', { timeout: 120_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('groupBy=runLocation gives one series per location; filterByStatus keeps passing or failing runs', async () => {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Two places', locations: ['eu-west-1', 'us-east-1'], runParallel: true, request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    await runToCompletion(server.api, id);

    const grouped = await server.api('GET', `/v1/analytics/icmp/${id}?groupBy=runLocation&metrics=availability,packetLoss_avg`);
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.series).toEqual([
      { runLocation: 'eu-west-1', data: { availability: 100, packetLoss_avg: 0 } },
      { runLocation: 'us-east-1', data: { availability: 100, packetLoss_avg: 0 } },
    ]);

    const passing = await server.api('GET', `/v1/analytics/icmp/${id}?filterByStatus=success&metrics=availability`);
    expect(passing.body.series).toEqual([{ data: { availability: 100 } }]);
    const failing = await server.api('GET', `/v1/analytics/icmp/${id}?filterByStatus=failure&metrics=availability`);
    expect(failing.body.series).toEqual([{ data: { availability: null } }]);
    expect((await server.api('GET', `/v1/analytics/icmp/${id}?filterByStatus=maybe`)).status).toBe(400);
  });
});

describe('checkStats: closed hours from the rollups, the rest from raw results', () => {
  const H = Date.parse('2026-03-10T10:00:00.000Z');
  let t: RetentionDb;
  let retention: Retention;

  beforeEach(async () => {
    t = await openRetentionDb('2026-03-10T12:10:00.000Z');
    retention = startRetention(t.deps);
  });
  afterEach(async () => {
    await retention.stop();
    await t.close();
  });

  it('gives the same counts and average before and after its closed hours are rolled up', async () => {
    const { checkNum } = await t.addCheck('Stats');
    for (let i = 1; i <= 10; i++) t.addResult({ checkNum, startedAt: H + i * 60_000, responseTimeMs: i * 10, packetsSent: 10, packetsReceived: 10 });
    t.addResult({ checkNum, startedAt: H + 20 * 60_000, flags: RESULT_FLAGS.hasFailures, responseTimeMs: 450, packetsSent: 10, packetsReceived: 0 });
    // The open hour: raw only.
    t.addResult({ checkNum, startedAt: H + 2 * HOUR + 60_000, responseTimeMs: 100, packetsSent: 10, packetsReceived: 10 });
    t.clock.set(H + 2 * HOUR + 9 * 60_000);
    const before = await checkStats(t.db, checkNum, H, H + 3 * HOUR);
    expect(before).toMatchObject({ runs: 12, passed: 11, failed: 1, packetLoss: (10 / 120) * 100 });
    expect(before.availability).toBeCloseTo((11 / 12) * 100, 6);
    expect(before.responseTime.avg).toBeCloseTo((550 + 450 + 100) / 12, 6);

    expect((await retention.runOnce()).errors).toEqual([]);
    const after = await checkStats(t.db, checkNum, H, H + 3 * HOUR);
    expect(after).toMatchObject({ runs: 12, passed: 11, failed: 1, availability: before.availability, packetLoss: before.packetLoss });
    // Rollups keep whole microseconds.
    expect(after.responseTime.avg).toBeCloseTo(before.responseTime.avg ?? -1, 2);
  });

  it('quick ranges: weeks start on Monday, months on the 1st (UTC)', () => {
    const now = Date.parse('2026-03-12T15:00:00.000Z'); // a Thursday
    expect(quickRangeWindow('thisWeek', now)).toEqual({ from: Date.parse('2026-03-09T00:00:00.000Z'), to: now });
    expect(quickRangeWindow('lastWeek', now)).toEqual({ from: Date.parse('2026-03-02T00:00:00.000Z'), to: Date.parse('2026-03-09T00:00:00.000Z') });
    expect(quickRangeWindow('lastMonth', now)).toEqual({ from: Date.parse('2026-02-01T00:00:00.000Z'), to: Date.parse('2026-03-01T00:00:00.000Z') });
    expect(quickRangeWindow('last24Hours', now)).toEqual({ from: now - 24 * HOUR, to: now });
  });
});
