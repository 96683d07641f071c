import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAlertState } from '../../src-main/db/repositories/alerts';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { createChannel, IMPOSSIBLE, runToCompletion } from './harness';

describe('a real failing ping check through scheduler, alerting and dispatcher to a webhook', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let channelId: number;

  beforeAll(async () => {
    server = await startServer();
    receiver = await startHttpReceiver();
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'Pipeline', url: `${receiver.url}/pipeline`, webhookSecret: 's' } });
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  async function runAndDeliver(checkId: string): Promise<string> {
    const sessionId = await runToCompletion(server.api, checkId);
    await server.backend.alerting.dispatcher.drain();
    return sessionId;
  }


  it('LATENCY avg LESS_THAN 0 against 127.0.0.1 fails, and the webhook receives ALERT_FAILURE with the FINAL result', async () => {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Impossible ping', request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }));
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const sessionId = await runAndDeliver(checkId);

    const finals = await server.api('GET', `/v1/check-results/${checkId}?hasFailures=true`);
    expect(finals.body).toHaveLength(1);
    const got = receiver.requests.filter((r) => r.body.includes(checkId));
    expect(got).toHaveLength(1);
    const body = JSON.parse(got[0]?.body ?? '{}');
    expect(body).toMatchObject({ ALERT_TYPE: 'ALERT_FAILURE', CHECK_NAME: 'Impossible ping', CHECK_RESULT_ID: finals.body[0].checkResultId, RUN_LOCATION: 'local' });
    expect(sessionId).toBeTruthy();

    const log = await server.api('GET', `/v1/alert-notifications?alertChannelId=${channelId}`);
    expect(log.body).toEqual([expect.objectContaining({ status: 'SUCCESS', checkId, checkType: 'ICMP', checkResultId: finals.body[0].checkResultId, alertChannelId: channelId })]);
  });

  it('a parallel run over two locations is judged once, when both FINAL results are in', async () => {
    const created = await server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({
        name: 'Parallel impossible ping',
        request: IMPOSSIBLE,
        runParallel: true,
        locations: ['eu-west-1', 'us-east-1'],
        alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }],
      }),
    );
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    // Alerting listens from boot, so these listeners run after it has judged each event: each sees
    // whether the session was judged by then, next to what the scheduler said of the session.
    const finals: string[] = [];
    const updates: { finished: boolean; judged: boolean }[] = [];
    const judgedSession = async () => (await findAlertState(server.backend.deps.db, checkId))?.lastSessionId ?? null;
    const offResults = server.backend.events.on('resultRecorded', (event) => {
      if (event.checkId === checkId) finals.push(event.runLocation);
    });
    const offSessions = server.backend.events.on('sessionUpdated', async (event) => {
      if (event.checkId === checkId) updates.push({ finished: event.finished, judged: await judgedSession() === event.checkSessionId });
    });
    try {
      const sessionId = await runAndDeliver(checkId);
      expect(await judgedSession()).toBe(sessionId);
    } finally {
      offResults();
      offSessions();
    }

    expect(finals.sort()).toEqual(['eu-west-1', 'us-east-1']);
    // Judged exactly when the session finished: never while a location's FINAL result was missing.
    expect(updates.at(-1)).toEqual({ finished: true, judged: true });
    expect(updates.filter((u) => u.judged !== u.finished)).toEqual([]);
    const got = receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => JSON.parse(r.body).ALERT_TYPE);
    expect(got).toEqual(['ALERT_FAILURE']);
  });
});
