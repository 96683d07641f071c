import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { TRPCConnectionState } from '@trpc/client/unstable-internals';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { sseClient } from '../dashboard/sse-client';
import { holdingScript, startHoldServer } from '../helpers/hold-server';
import { icmpBody, makeApi, makeDataDir, TEST_KEY } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { descendantsOf, isRunning, killLeftovers, probe, spawnSightline, waitFor } from './helpers';
import { afterRestart, LISTENING, MARGIN_MS, openRequest, roundTrip, serveArgs, sessionsStartedAfter, terminate } from './shutdown-clients';

/** Runs every 10 seconds: with the scheduler still going, a run would start during any wait of that length. */
const EVERY_10_S = icmpBody({ name: 'Every 10 s', frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } });

describe('SIGTERM to `sightline serve` with live clients and running checks', () => {
  afterAll(() => killLeftovers());

  it('ends console live feeds, an MQTT follower and completion long-polls, exits 0 well within the drain timeout, and starts no run after the signal', async () => {
    const dataDir = await makeDataDir();
    const drainSeconds = 10;
    const cli = spawnSightline(serveArgs(dataDir, drainSeconds));
    const unsubscribes: (() => void)[] = [];
    try {
      const url = await cli.line(LISTENING, 30_000);
      const api = makeApi(url, TEST_KEY);
      const accountId = (await api('GET', '/v1/accounts/me')).body.id as string;
      const fast = await api('POST', '/v1/checks/icmp', EVERY_10_S);
      expect(fast.status).toBe(201);
      // A run for a private location whose agent is connected but leases nothing stays RUNNING: its completion can be waited for.
      const office = await api('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' });
      expect(office.status).toBe(201);
      const agentKey = { authorization: `Bearer ${office.body.keys[0].rawKey as string}` };
      expect((await api('POST', '/v1/agent/register', { hostname: 'office-host', version: '1.0.0', concurrency: 1 }, agentKey)).status).toBe(201);
      const remote = await api('POST', '/v1/checks/icmp', icmpBody({ name: 'From the office', activated: false, privateLocations: ['office'] }));
      expect(remote.status).toBe(201);

      // The console's live feeds: the Dashboard summary, the app-wide session updates, a monitor page's.
      const feeds = sseClient(url, TEST_KEY);
      const states: Record<string, TRPCConnectionState<unknown>['state'][]> = { dashboard: [], sessions: [], monitor: [] };
      const watching = (name: string) => (state: TRPCConnectionState<unknown>) => states[name]?.push(state.state);
      const firstSummary = new Promise<void>((resolve) => {
        unsubscribes.push(feeds.dashboard.onSummary.subscribe(undefined, { onData: () => resolve(), onConnectionStateChange: watching('dashboard') }).unsubscribe);
      });
      const sessionsFeed = new Promise<void>((resolve) => {
        unsubscribes.push(feeds.checkSessions.onUpdate.subscribe(undefined, { onStarted: () => resolve(), onConnectionStateChange: watching('sessions') }).unsubscribe);
      });
      // The scheduler is running the 10-second check: the monitor page sees its run.
      const scheduledRun = new Promise<void>((resolve) => {
        unsubscribes.push(feeds.checkSessions.onUpdate.subscribe({ checkId: fast.body.id }, { onData: () => resolve(), onConnectionStateChange: watching('monitor') }).unsubscribe);
      });
      await Promise.all([firstSummary, sessionsFeed, scheduledRun]);

      // `checkly trigger`: a test session followed over MQTT, and its completion waited for.
      const follower = await mqtt.connectAsync(`${url.replace('http://', 'ws://')}/mqtt`, { username: accountId, password: TEST_KEY, reconnectPeriod: 0 });
      const followerClosed = new Promise<void>((resolve) => follower.once('close', () => resolve()));
      const suiteId = randomUUID();
      await follower.subscribeAsync(`account/${accountId}/ad-hoc-check-results/${suiteId}/+/+/+`);
      const runStart = new Promise<string>((resolve) => follower.on('message', (topic) => resolve(topic)));
      const triggered = await api('POST', '/next/test-sessions/trigger', { checkRunSuiteId: suiteId, checkId: [remote.body.id] });
      expect(triggered.status).toBe(201);
      expect(await runStart).toMatch(/\/run-start$/);
      const checkSessionId = triggered.body.sequenceIds[remote.body.id] as string;
      const polls = {
        checkSession: openRequest(url, `/v1/check-sessions/${checkSessionId}/completion?maxWaitSeconds=30`),
        testSession: openRequest(url, `/v1/test-sessions/${triggered.body.testSessionId}/completion?maxWaitSeconds=30`),
        consoleQuery: openRequest(url, `/trpc/checkSessions.completion?input=${encodeURIComponent(JSON.stringify({ checkSessionId, maxWaitSeconds: 30 }))}`),
      };
      await Promise.all(Object.values(polls).map((poll) => poll.sent));
      await roundTrip(url);

      const stopped = await terminate(cli, drainSeconds * 1000, 15_000);
      const answers = Object.fromEntries(await Promise.all(Object.entries(polls).map(async ([name, poll]) => [name, await poll.answer])));
      const startedAfter = await afterRestart(dataDir, (again) => sessionsStartedAfter(again, stopped.signalAt));
      expect({ code: stopped.code, withinDrainTimeout: stopped.exitedAfterMs !== null, sessionsStartedAfterSignal: startedAfter }).toEqual({
        code: 0,
        withinDrainTimeout: true,
        sessionsStartedAfterSignal: [],
      });
      // The waits answer at once, saying why, instead of holding the shutdown for their 30 s.
      expect(answers.checkSession).toMatchObject({ status: 503, body: { statusCode: 503, message: expect.stringMatching(/shutting down/) } });
      expect(answers.testSession).toMatchObject({ status: 503, body: { statusCode: 503, message: expect.stringMatching(/shutting down/) } });
      expect(answers.consoleQuery).toMatchObject({ status: 503, body: { error: { message: expect.stringMatching(/shutting down/) } } });
      await followerClosed;
      // The feeds' connections were dropped, not ended: the console keeps reconnecting until the server is back.
      for (const name of Object.keys(states)) expect(states[name]?.at(-1), name).toBe('connecting');
      await follower.endAsync(true);
    } finally {
      for (const unsubscribe of unsubscribes) unsubscribe();
      await cli.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a running multi-step check and a run-once in flight keep the process at most the drain timeout; the scheduler starts nothing meanwhile and no run process is left', async () => {
    const dataDir = await makeDataDir();
    // Longer than the 10-second cadence: a scheduled run would be due during the drain.
    const drainSeconds = 11;
    const hold = await startHoldServer(() => false, () => 0);
    const cli = spawnSightline(serveArgs(dataDir, drainSeconds));
    const unsubscribes: (() => void)[] = [];
    try {
      const url = await cli.line(LISTENING, 30_000);
      const healthUrl = await cli.line(/^Agent health probes on (http:\/\/\S+)$/);
      const api = makeApi(url, TEST_KEY);
      const fast = await api('POST', '/v1/checks/icmp', EVERY_10_S);
      expect(fast.status).toBe(201);
      const held = await api('POST', '/v1/checks/multistep', { name: 'Held script', activated: false, maxResponseTime: 120_000, script: holdingScript(`${hold.base}/hold/check`) });
      expect(held.status).toBe(201);
      const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [held.body.id] } });
      expect(triggered.status).toBe(201);
      // The multi-step form's "Run once without saving": one long request while its script runs.
      const runOnce = trpcClient(url, TEST_KEY)
        .console.runMultiStepOnce.mutate({ script: holdingScript(`${hold.base}/hold/once`), maxResponseTime: 120_000 })
        .then(
          (result) => ({ status: result.status }),
          (error: Error) => ({ error: error.message }),
        );
      await waitFor('both scripts to reach the held endpoint', () => (hold.held.length === 2 ? true : undefined), 60_000);
      const scriptsGone = Promise.all(hold.held.map(({ res }) => new Promise<void>((resolve) => res.once('close', () => resolve()))));
      const runProcesses = descendantsOf(cli.child.pid ?? 0);
      expect(runProcesses.length).toBeGreaterThan(0);
      // A Dashboard tab: its feed is cut when the shutdown starts, not when the drain is over.
      const feedStates: TRPCConnectionState<unknown>['state'][] = [];
      const feedUp = new Promise<void>((resolve) => {
        unsubscribes.push(sseClient(url, TEST_KEY).dashboard.onSummary.subscribe(undefined, { onData: () => resolve(), onConnectionStateChange: (state) => feedStates.push(state.state) }).unsubscribe);
      });
      await feedUp;
      // A trigger whose request began before the signal and whose body arrives during the drain.
      const lateTrigger = openRequest(url, '/v1/check-sessions/trigger', { body: { target: { checkId: [fast.body.id] } }, holdBack: true });
      await lateTrigger.sent;
      await roundTrip(url);

      const stopping = terminate(cli, drainSeconds * 1000 + MARGIN_MS, 25_000);
      await waitFor('readiness 503', async () => ((await probe(`${healthUrl}/-/readiness`)).status === 503 ? true : undefined));
      lateTrigger.finish();
      expect(await lateTrigger.answer).toMatchObject({ status: 503, body: { statusCode: 503, message: expect.stringMatching(/shutting down/) } });
      await waitFor('the Dashboard feed to drop', () => (feedStates.at(-1) === 'connecting' ? true : undefined));
      expect({ serverRunning: cli.child.exitCode === null, scriptsStillHeld: hold.held.every(({ res }) => !res.destroyed) }).toEqual({ serverRunning: true, scriptsStillHeld: true });
      const stopped = await stopping;
      const recorded = await afterRestart(dataDir, async (again) => ({
        startedAfter: await sessionsStartedAfter(again, stopped.signalAt),
        held: (await makeApi(again, TEST_KEY)('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}`)).body,
      }));
      expect({ code: stopped.code, withinDrainTimeoutAndMargin: stopped.exitedAfterMs !== null, sessionsStartedAfterSignal: recorded.startedAfter }).toEqual({
        code: 0,
        withinDrainTimeoutAndMargin: true,
        sessionsStartedAfterSignal: [],
      });
      // Cut off by the drain timeout: recorded as stopped by the shutdown, not as a pass.
      expect(recorded.held).toMatchObject({ status: 'CANCELLED', results: [{ resultType: 'FINAL', aborted: true, isCancelled: true, hasFailures: false }] });
      // The scripts were stopped at the drain timeout: their connections closed, none of their processes runs on.
      await scriptsGone;
      expect(runProcesses.filter(isRunning)).toEqual([]);
      expect(isRunning(cli.child.pid ?? 0)).toBe(false);
      expect(await runOnce).toMatchObject({ status: 'NOT_RUN' });
    } finally {
      for (const unsubscribe of unsubscribes) unsubscribe();
      await cli.stop('SIGKILL');
      await hold.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
