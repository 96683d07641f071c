import { expect } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { recordAlertRun, type RunAlertOutcome, type RunResultFacts } from '../../src-main/services/alerts/record-run';
import { icmpBody, startServer, type Api, type TestServer } from '../helpers/server';
import { trpcClient, type TrpcClient } from '../helpers/trpc';

export const START = '2026-03-01T12:00:00.000Z';
export const MINUTE = 60_000;

/** A ping request that always fails its assertion (average latency below 0 ms). */
export const IMPOSSIBLE = { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] };

/** Triggers one run of the check and waits until its session has finished; returns the session id. */
export async function runToCompletion(api: Api, checkId: string): Promise<string> {
  const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
  expect(triggered.status, triggered.text).toBe(201);
  const sessionId = triggered.body.sessions[0].checkSessionId as string;
  const done = await api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
  expect(done.status, done.text).toBe(200);
  return sessionId;
}


export interface AlertHarness {
  server: TestServer;
  clock: ManualClock;
  trpc: TrpcClient;
  stop(): Promise<void>;
}

/** A real backend whose clock the test moves; the scheduler stays off (results are fed by hand). */
export async function startAlertHarness(): Promise<AlertHarness> {
  const clock = new ManualClock(START);
  const server = await startServer({ clock });
  return { server, clock, trpc: trpcClient(server.url, server.key), stop: () => server.stop() };
}

export async function createChannel(server: TestServer, body: Record<string, unknown>): Promise<number> {
  const created = await server.api('POST', '/v1/alert-channels', body);
  expect(created.status, created.text).toBe(201);
  return created.body.id as number;
}

/** An ICMP check subscribed to exactly the given channels. */
export async function createCheck(server: TestServer, channelIds: number[], overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await server.api(
    'POST',
    '/v1/checks/icmp?autoAssignAlerts=false',
    icmpBody({ name: 'Checkout API', tags: ['production'], alertChannelSubscriptions: channelIds.map((alertChannelId) => ({ alertChannelId, activated: true })), ...overrides }),
  );
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

let sessionCounter = 0;
let resultCounter = 0;
const runId = (prefix: string, n: number) => `${prefix}-0000-8000-8000-${n.toString(16).padStart(12, '0')}`;

export type Outcome = 'PASS' | 'FAIL' | 'DEGRADED' | 'CANCELLED';

/** The FINAL result of one location, as the scheduler reports it. */
export function result(outcome: Outcome, location = 'local', extra: Partial<RunResultFacts> = {}): RunResultFacts {
  resultCounter += 1;
  return {
    checkResultId: runId('7e5a0000', resultCounter),
    runLocation: location,
    hasFailures: outcome === 'FAIL',
    hasErrors: false,
    isDegraded: outcome === 'DEGRADED',
    skipped: outcome === 'CANCELLED',
    responseTime: outcome === 'FAIL' ? 1500 : 12,
    startedAt: new Date().toISOString(),
    errorMessage: outcome === 'FAIL' ? '100% packet loss' : null,
    ...extra,
  };
}

/** Records one finished run (a session) of the check at the harness clock's time. */
export async function run(h: AlertHarness, checkId: string, ...results: RunResultFacts[]): Promise<RunAlertOutcome> {
  sessionCounter += 1;
  return await recordAlertRun(h.server.backend.deps, {
    accountId: h.server.backend.accountId,
    checkId,
    checkSessionId: runId('5e550000', sessionCounter),
    results: results.length > 0 ? results : [result('PASS')],
  });
}

/** Feeds one single-location run per outcome, `everyMs` apart, and returns the alert codes raised (null for none). */
export async function runs(h: AlertHarness, checkId: string, outcomes: Outcome[], everyMs = MINUTE): Promise<(string | null)[]> {
  const alerts: (string | null)[] = [];
  for (const outcome of outcomes) {
    alerts.push((await run(h, checkId, result(outcome))).alert);
    h.clock.advance(everyMs);
  }
  return alerts;
}

/** Delivers everything due and answers the notification log of the last 24 h (REST, newest first). */
export async function deliveredLog(h: AlertHarness, query = ''): Promise<Record<string, unknown>[]> {
  await h.server.backend.alerting.dispatcher.drain();
  const listed = await h.trpc.alerts.listNotifications.query({ limit: 100, ...Object.fromEntries(new URLSearchParams(query)) });
  return listed.items as unknown as Record<string, unknown>[];
}
