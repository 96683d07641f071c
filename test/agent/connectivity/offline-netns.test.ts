import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server';
import { trpcClient } from '../../helpers/trpc';
import { startHttpReceiver, type HttpReceiver } from '../../notify/receivers';
import { netnsSkipReason } from '../../runner/netns';

/**
 * The acceptance: 50 ICMP checks to targets behind a veth pair, plus a canary, in a
 * namespace of the test's own making (10.213.0.0/16 exists only there). Cutting the link must give
 * no check alert and one "agent offline" notice; restoring it one "back online" notice, no burst of
 * catch-up runs, and a single target that then fails alerts as usual.
 */

const CHECKS = 50;
const PERIOD_S = 10;
const NS = `sloff${process.pid}`;
const HOST_IF = `slo${process.pid}h`;
const NS_IF = `slo${process.pid}n`;
const CANARY = '10.213.0.2';
const target = (i: number) => `10.213.1.${i + 1}`;

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function makeNamespace(): void {
  ip(['netns', 'add', NS]);
  ip(['-n', NS, 'link', 'set', 'lo', 'up']);
  ip(['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
  ip(['link', 'set', NS_IF, 'netns', NS]);
  ip(['addr', 'add', '10.213.0.1/16', 'dev', HOST_IF]);
  ip(['link', 'set', HOST_IF, 'up']);
  ip(['-n', NS, 'addr', 'add', `${CANARY}/16`, 'dev', NS_IF]);
  for (let i = 0; i < CHECKS; i++) ip(['-n', NS, 'addr', 'add', `${target(i)}/16`, 'dev', NS_IF]);
  ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
}

function removeNamespace(): void {
  spawnSync('ip', ['link', 'del', HOST_IF]);
  spawnSync('ip', ['netns', 'del', NS]);
}

interface Notice {
  type: string;
  check: string;
  at: number;
}

const skip = netnsSkipReason('the agent-offline acceptance test');

describe.skipIf(skip !== null)('an agent that loses its own network (network namespace, real fping)', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  const checkIds: string[] = [];

  const received = (): Notice[] =>
    receiver.requests.map((request) => {
      const body = JSON.parse(request.body) as { type: string; check: string; at: string };
      return { type: body.type, check: body.check, at: Date.parse(body.at) };
    });
  const checkAlerts = () => received().filter((n) => n.type.startsWith('ALERT_'));

  async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** Results of a check (retry attempts included), oldest first, with their error kind. */
  async function finals(checkId: string): Promise<{ startedAt: number; hasFailures: boolean; kind: string | null }[]> {
    const listed = await server.api('GET', `/v1/check-results/${checkId}?limit=100&resultType=ALL`);
    expect(listed.status, listed.text).toBe(200);
    const rows = listed.body as { startedAt: string; hasFailures: boolean; hasErrors: boolean; error: { kind: string } | null }[];
    return rows.map((row) => ({ startedAt: Date.parse(row.startedAt), hasFailures: row.hasFailures || row.hasErrors, kind: row.error?.kind ?? null })).sort((a, b) => a.startedAt - b.startedAt);
  }

  /** Every check's FINAL results, one request at a time (a burst of 50 would trip the per-address connection limit). */
  async function allFinals(): Promise<Awaited<ReturnType<typeof finals>>[]> {
    const all = [];
    for (const checkId of checkIds) all.push(await finals(checkId));
    return all;
  }

  beforeAll(async () => {
    removeNamespace();
    makeNamespace();
    receiver = await startHttpReceiver();
    server = await startServer({ startScheduler: true, schedulerPollMs: 200, canaryIntervalMs: 1000, config: { canaries: [CANARY], rateLimitPerMinute: 100_000 } });
    const channel = await server.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","check":"{{CHECK_NAME}}","at":"{{STARTED_AT}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    for (let i = 0; i < CHECKS; i++) {
      const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', {
        name: `target ${i + 1}`,
        frequency: 0,
        frequencyOffset: PERIOD_S,
        request: { hostname: target(i), pingCount: 2 },
        alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }],
      });
      expect(created.status, created.text).toBe(201);
      checkIds.push(created.body.id as string);
    }
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    removeNamespace();
  });

  it('sends one offline and one online notice, no check alert, no catch-up burst, then alerts for a real failure', async () => {
    const trpc = trpcClient(server.url, server.key);
    // Every check passed once with the link up.
    await until('a passing run of every check', async () => ((await allFinals()).every((rows) => rows.some((r) => !r.hasFailures && r.kind === null)) ? true : undefined), 30_000);

    const cutAt = Date.now();
    ip(['-n', NS, 'link', 'set', NS_IF, 'down']);
    await until('the agent-offline notice', () => received().find((n) => n.type === 'AGENT_OFFLINE'), 15_000);
    const health = await trpc.agent.health.query();
    expect(health.status).toBe('offline');
    expect(health.connectivity).toMatchObject({ status: 'offline', canaries: [CANARY] });
    // A whole period with the link down: every check has had its turn.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + (PERIOD_S + 2) * 1000 - Date.now())));
    const restoredAt = Date.now();
    ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
    await until('the back-online notice', () => received().find((n) => n.type === 'AGENT_ONLINE'), 15_000);

    // Let a period pass after the return (runs that straddled the outage finish meanwhile), then look at every check's runs.
    await new Promise((resolve) => setTimeout(resolve, PERIOD_S * 1000 + 1000));
    const offlineRuns = (await trpc.agent.health.query()).connectivity?.offlineRunsTotal ?? 0;
    const runs = await allFinals();
    const offlineResults = runs.flat().filter((r) => r.kind === 'AGENT_OFFLINE').length;
    const failuresCounted = runs.flat().filter((r) => r.hasFailures).length;
    // When the scheduler started each check's sessions: a catch-up burst would start some twice within a period.
    const sessionStarts: number[][] = [];
    for (const checkId of checkIds) {
      const sessions = await trpc.checkSessions.listRecent.query({ checkId, limit: 100 });
      sessionStarts.push(sessions.map((session) => Date.parse(session.startedAt)).sort((a, b) => a - b));
    }
    const tightestGapMs = Math.min(...sessionStarts.map((starts) => Math.min(...starts.slice(1).map((at, i) => at - (starts[i] ?? 0)))));
    const alertsWhileCut = checkAlerts().length;

    // A single target fails for real while the canary answers: it alerts, alone.
    ip(['-n', NS, 'addr', 'del', `${target(6)}/16`, 'dev', NS_IF]);
    const realAlert = await until('an alert for the failing target', () => checkAlerts().find((n) => n.type === 'ALERT_FAILURE'), 30_000);

    const figures = {
      checks: CHECKS,
      periodSeconds: PERIOD_S,
      linkDownSeconds: Math.round((restoredAt - cutAt) / 1000),
      checkAlertsWhileCutAndAfter: alertsWhileCut,
      offlineNotices: received().filter((n) => n.type === 'AGENT_OFFLINE').length,
      onlineNotices: received().filter((n) => n.type === 'AGENT_ONLINE').length,
      runsSkippedAsAgentOffline: offlineRuns,
      resultsRecordedAgentOffline: offlineResults,
      failedResultsRecordedAttemptsIncluded: failuresCounted,
      sessionsStarted: sessionStarts.flat().length,
      tightestGapBetweenSessionsOfOneCheckMs: tightestGapMs,
    };
    console.log(`agent-offline acceptance figures: ${JSON.stringify(figures)}`);
    expect(alertsWhileCut).toBe(0);
    expect(failuresCounted).toBe(0);
    expect(figures.offlineNotices).toBe(1);
    expect(figures.onlineNotices).toBe(1);
    // Every check had a slot while the link was down: that run was skipped, or ran into the outage and was re-judged as the agent's.
    expect(offlineResults).toBeGreaterThanOrEqual(CHECKS);
    expect(offlineRuns).toBe(offlineResults);
    // Scheduled runs stay a period apart (less a tick): no burst of catch-up runs after the return.
    expect(tightestGapMs).toBeGreaterThan((PERIOD_S - 1) * 1000);
    expect(realAlert.check).toBe('target 7');
    expect(checkAlerts().map((n) => n.check)).toEqual(['target 7']);
  }, 120_000);
});
