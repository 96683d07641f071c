import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResultRecordedEvent } from '../../src-main/core/events';
import { catchUpAlerting } from '../../src-main/services/alerts/judge-pending';
import { startAlerting, type Alerting } from '../../src-main/services/engines/alerting';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel, IMPOSSIBLE, runToCompletion } from './harness';

describe('each finished session is judged exactly once: replayed events, and sessions missed while alerting was down', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let channelId: number;
  let restarted: Alerting | null = null;

  beforeAll(async () => {
    server = await startServer();
    receiver = await startHttpReceiver();
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'Catch-up', url: `${receiver.url}/catch-up` } });
  });
  beforeEach(() => {
    receiver.requests.length = 0;
  });
  afterEach(async () => {
    await restarted?.stop();
    restarted = null;
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  async function createCheck(name: string): Promise<string> {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name, request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }));
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  }

  const alertTypesFor = (checkId: string) => receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => JSON.parse(r.body).ALERT_TYPE as string);

  /** Each alert type delivered for the check, with the session whose FINAL result it names (deliveries may arrive in any order). */
  async function alertedSessions(checkId: string): Promise<Record<string, string>> {
    const bodies = receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => JSON.parse(r.body) as { ALERT_TYPE: string; CHECK_RESULT_ID: string });
    const alerted: Record<string, string> = {};
    for (const body of bodies) {
      expect(alerted, `${body.ALERT_TYPE} delivered twice`).not.toHaveProperty(body.ALERT_TYPE);
      alerted[body.ALERT_TYPE] = await sessionOfResult(checkId, body.CHECK_RESULT_ID);
    }
    return alerted;
  }

  async function sessionOfResult(checkId: string, checkResultId: string): Promise<string> {
    const result = await server.api('GET', `/v1/check-results/${checkId}/${checkResultId}`);
    expect(result.status, result.text).toBe(200);
    return result.body.checkSessionId as string;
  }

  async function logFor(checkId: string): Promise<Record<string, unknown>[]> {
    const log = await server.api('GET', `/v1/alert-notifications?alertChannelId=${channelId}`);
    expect(log.status, log.text).toBe(200);
    return (log.body as Record<string, unknown>[]).filter((n) => n.checkId === checkId);
  }

  it('replaying the resultRecorded event of a judged session sends nothing more', async () => {
    const checkId = await createCheck('Replayed ping');
    const seen: ResultRecordedEvent[] = [];
    const stopListening = server.backend.events.on('resultRecorded', (event) => seen.push(event));
    await runToCompletion(server.api, checkId);
    stopListening();
    await server.backend.alerting.dispatcher.drain();
    expect(alertTypesFor(checkId)).toEqual(['ALERT_FAILURE']);

    const event = seen.find((e) => e.checkId === checkId);
    expect(event).toBeDefined();
    server.backend.events.emit('resultRecorded', event!);
    server.backend.events.emit('resultRecorded', event!);
    await server.backend.alerting.dispatcher.drain();

    expect(alertTypesFor(checkId)).toEqual(['ALERT_FAILURE']);
    expect(await logFor(checkId)).toEqual([expect.objectContaining({ type: 'WEBHOOK', status: 'SUCCESS' })]);
  });

  it('sessions that finished while alerting was down are judged at its start, oldest first, and never again', async () => {
    const checkId = await createCheck('Missed ping');
    // As if the process died after each result's commit and before its judgement.
    await server.backend.alerting.stop();
    const failing = await runToCompletion(server.api, checkId);
    const fixed = await server.api('PUT', `/v1/checks/icmp/${checkId}`, { request: { hostname: '127.0.0.1', assertions: [] } });
    expect(fixed.status, fixed.text).toBe(200);
    const passing = await runToCompletion(server.api, checkId);
    expect(receiver.requests).toEqual([]);

    restarted = startAlerting(server.backend.deps, server.backend.events);
    await restarted.caughtUp;
    await restarted.dispatcher.drain();
    // Oldest first: the older, failing session raised the failure and the newer one the recovery.
    // Judged newest first, the passing session would raise nothing and the failing one only a failure.
    expect(await alertedSessions(checkId)).toEqual({ ALERT_FAILURE: failing, ALERT_RECOVERY: passing });

    // A second start (or a replay of the catch-up) finds nothing left to judge.
    expect(await catchUpAlerting(server.backend.deps)).toEqual([]);
    await restarted.stop();
    restarted = startAlerting(server.backend.deps, server.backend.events);
    await restarted.caughtUp;
    await restarted.dispatcher.drain();
    expect(alertTypesFor(checkId).sort()).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY']);
    expect((await logFor(checkId)).map((n) => n.status)).toEqual(['SUCCESS', 'SUCCESS']);

    // Live judging goes on after the catch-up: the next failing run alerts once.
    const broken = await server.api('PUT', `/v1/checks/icmp/${checkId}`, { request: IMPOSSIBLE });
    expect(broken.status, broken.text).toBe(200);
    await runToCompletion(server.api, checkId);
    await restarted.caughtUp;
    await restarted.dispatcher.drain();
    expect(alertTypesFor(checkId).sort()).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE', 'ALERT_RECOVERY']);
  });
});
