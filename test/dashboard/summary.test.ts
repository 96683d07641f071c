import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../src-main/services/dashboard/summary';
import { createChannel, IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { createIncident, createService, addUpdate } from '../status-pages/fixtures';
import { Received, sseClient, type SseClient } from './sse-client';

describe('dashboard.summary: one aggregate over real runs', { timeout: 120_000 }, () => {
  let server: TestServer;
  let trpc: SseClient;
  const ids: Record<string, string> = {};
  let channelId: number;

  async function create(name: string, members: Record<string, unknown>): Promise<string> {
    const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name, ...members }));
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }

  beforeAll(async () => {
    server = await startServer();
    trpc = sseClient(server.url, server.key);
    channelId = await createChannel(server, { type: 'EMAIL', config: { address: 'oncall@example.test' } });
    ids.up = await create('Up', { request: { hostname: '127.0.0.1', pingCount: 1 } });
    ids.down = await create('Down', { request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] });
    ids.slow = await create('Slow', { request: { hostname: '127.0.0.1', pingCount: 1 }, degradedResponseTime: 0, maxResponseTime: 10000 });
    ids.paused = await create('Paused', { activated: false });
    ids.fresh = await create('Fresh', {});
    for (const id of [ids.up, ids.down, ids.slow, ids.paused]) await runToCompletion(server.api, id);
    await server.backend.alerting.dispatcher.drain();
    const service = await createService(server, 'Checkout');
    await createIncident(server, [service.id], { name: 'Checkout is slow' });
    const resolved = await createIncident(server, [service.id], { name: 'Old outage' });
    await addUpdate(server, resolved.id, { status: 'RESOLVED', description: 'Fixed', notifySubscribers: false });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('counts every health state, lists failing before degraded with since, last run and error', async () => {
    const summary = await trpc.dashboard.summary.query();
    expect(summary.counts).toEqual({ passing: 1, failing: 1, degraded: 1, paused: 1, 'not-run': 1 });
    expect(summary.total).toBe(5);
    expect(summary.problems.total).toBe(2);
    expect(summary.problems.items.map((p) => [p.name, p.health])).toEqual([
      ['Down', 'failing'],
      ['Slow', 'degraded'],
    ]);
    const [down, slow] = summary.problems.items;
    expect(down).toMatchObject({ checkId: ids.down, checkType: 'ICMP', lastRunLocation: 'local', lastCheckSessionId: expect.stringMatching(/^5e550000-/) });
    expect(down.error).toMatch(/^ASSERTION_FAILED: /);
    expect(down.since).toEqual(expect.any(Number));
    expect(down.since).toBeLessThanOrEqual(down.lastRunAt as number);
    expect(slow.error).toBeNull();
  });

  it('lists open incidents only, and recent notifications with the channel and check names', async () => {
    const summary = await trpc.dashboard.summary.query();
    expect(summary.incidents.total).toBe(1);
    expect(summary.incidents.items).toEqual([expect.objectContaining({ name: 'Checkout is slow', status: 'INVESTIGATING', severity: 'MAJOR' })]);
    expect(summary.notifications.length).toBeGreaterThanOrEqual(1);
    expect(summary.notifications[0]).toMatchObject({
      alertType: 'ALERT_FAILURE',
      checkId: ids.down,
      checkName: 'Down',
      channel: { id: channelId, type: 'EMAIL', config: { address: 'oncall@example.test' } },
    });
    expect(['SUCCESS', 'FAILURE', 'IN_PROGRESS']).toContain(summary.notifications[0].status);
  });

  it('shows the agent lanes and runs skipped in the last hour', async () => {
    server.backend.deps.runtime.skips.add('ICMP', Date.now());
    const summary = await trpc.dashboard.summary.query();
    expect(summary.agent.status).toBe('saturated');
    expect(summary.agent.skippedLastHour).toBe(1);
    expect(summary.agent.lanes.find((lane) => lane.lane === 'ICMP')).toMatchObject({ skippedLastHour: 1, capacity: expect.any(Number) });
  });

  it('a read-only key may read it', async () => {
    const member = await server.api('POST', '/v1/accounts/me/members', { name: 'Reader', email: 'reader@example.test', role: 'READ_ONLY' });
    expect(member.status, member.text).toBe(201);
    const reader = sseClient(server.url, member.body.apiKey.apiKey as string);
    expect((await reader.dashboard.summary.query()).total).toBe(5);
  });
});

describe('dashboard.onSummary: pushed live, coalesced', { timeout: 120_000 }, () => {
  let server: TestServer;
  let trpc: SseClient;

  beforeAll(async () => {
    server = await startServer();
    trpc = sseClient(server.url, server.key);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function createMany(count: number, prefix: string, request: Record<string, unknown>): Promise<string[]> {
    const created: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: `${prefix} ${i}`, request }));
      expect(res.status, res.text).toBe(201);
      created.push(res.body.id as string);
    }
    return created;
  }

  it('sends the summary at once, then a new one after a result arrives', async () => {
    const [down] = await createMany(1, 'Down', IMPOSSIBLE);
    const received = new Received<DashboardSummary>();
    const subscription = trpc.dashboard.onSummary.subscribe(undefined, { onData: received.push });
    try {
      const first = await received.next(() => true);
      expect(first.counts).toMatchObject({ 'not-run': 1, failing: 0 });
      await trpc.checkSessions.runNow.mutate({ checkId: down });
      const after = await received.next((summary) => summary.counts.failing === 1);
      expect(after.counts['not-run']).toBe(0);
      expect(after.problems.items[0]).toMatchObject({ checkId: down, health: 'failing' });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('coalesces a burst of results into at most one summary a second, computed once for every subscriber', async () => {
    const burst = await createMany(12, 'Burst', { hostname: '127.0.0.1', pingCount: 1 });
    const a = new Received<DashboardSummary>();
    const b = new Received<DashboardSummary>();
    const subA = trpc.dashboard.onSummary.subscribe(undefined, { onData: a.push });
    const subB = trpc.dashboard.onSummary.subscribe(undefined, { onData: b.push });
    try {
      await a.next(() => true);
      await b.next(() => true);
      const before = a.values.length;
      const started = Date.now();
      const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: burst } });
      expect(triggered.status, triggered.text).toBe(201);
      const done = (summary: DashboardSummary) => summary.counts.passing === 12;
      const last = await a.next(done);
      await b.next(done);
      const elapsed = Date.now() - started;
      const during = a.values.slice(before);
      // 12 runs, 24+ session events: one summary per tick at most.
      expect(during.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
      for (let i = 1; i < during.length; i++) expect(during[i].at - during[i - 1].at).toBeGreaterThanOrEqual(900);
      // Both subscribers got the same computation.
      expect(b.values.find((entry) => done(entry.value))?.value.generatedAt).toBe(last.generatedAt);
    } finally {
      subA.unsubscribe();
      subB.unsubscribe();
    }
  });
});
