import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel, createCheck, deliveredLog, MINUTE, result, run, runs, startAlertHarness, type AlertHarness } from './harness';

describe('when a check alerts, driven by recorded FINAL results and delivered to a real webhook receiver', () => {
  let h: AlertHarness;
  let receiver: HttpReceiver;
  let channelId: number;

  beforeAll(async () => {
    h = await startAlertHarness();
    receiver = await startHttpReceiver();
    channelId = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Ops hook', url: `${receiver.url}/hook` }, sendDegraded: true });
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });

  /** ALERT_TYPE of each webhook the receiver got for the check since `from` requests. */
  const received = (checkId: string) =>
    receiver.requests.map((r) => JSON.parse(r.body) as Record<string, string>).filter((b) => b.CHECK_ID === checkId).map((b) => b.ALERT_TYPE);

  const settings = (alertSettings: Record<string, unknown>) => ({ useGlobalAlertSettings: false, alertSettings });

  it('RUN_BASED: failedRunThreshold 3 alerts on the third failed run, once, then recovers', async () => {
    const checkId = await createCheck(h.server, [channelId], settings({ escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 } }));
    expect(await runs(h, checkId, ['FAIL', 'FAIL', 'FAIL', 'FAIL', 'PASS', 'PASS'])).toEqual([null, null, 'ALERT_FAILURE', null, 'ALERT_RECOVERY', null]);
    await deliveredLog(h);
    expect(received(checkId)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY']);
  });

  it('RUN_BASED threshold 5: four failures and a pass send nothing (no recovery without an alert)', async () => {
    const checkId = await createCheck(h.server, [channelId], settings({ runBasedEscalation: { failedRunThreshold: 5 } }));
    expect(await runs(h, checkId, ['FAIL', 'FAIL', 'FAIL', 'FAIL', 'PASS'])).toEqual([null, null, null, null, null]);
    await deliveredLog(h);
    expect(received(checkId)).toEqual([]);
  });

  it('TIME_BASED: 10 minutes of continuous failure, checked every 2 minutes, alerts at minute 10', async () => {
    const checkId = await createCheck(h.server, [channelId], settings({ escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 10 } }));
    const alerts = await runs(h, checkId, Array(7).fill('FAIL'), 2 * MINUTE);
    expect(alerts).toEqual([null, null, null, null, null, 'ALERT_FAILURE', null]);
    await deliveredLog(h);
    expect(received(checkId)).toEqual(['ALERT_FAILURE']);
  });

  it('reminders: amount 2 every 5 minutes, then silence until recovery', async () => {
    const checkId = await createCheck(h.server, [channelId], settings({ reminders: { amount: 2, interval: 5 } }));
    await runs(h, checkId, [...Array(16).fill('FAIL'), 'PASS'], MINUTE);
    await deliveredLog(h);
    expect(received(checkId)).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE_REMAIN', 'ALERT_FAILURE_REMAIN', 'ALERT_RECOVERY']);
  });

  it('reminders: amount 100000 keeps reminding every interval until recovered', async () => {
    const checkId = await createCheck(h.server, [channelId], settings({ reminders: { amount: 100000, interval: 10 } }));
    await runs(h, checkId, [...Array(61).fill('FAIL'), 'PASS'], MINUTE);
    await deliveredLog(h);
    expect(received(checkId)).toEqual(['ALERT_FAILURE', ...Array(6).fill('ALERT_FAILURE_REMAIN'), 'ALERT_RECOVERY']);
  });

  it('degradation: degraded, failed, degraded, recovered (the channel asks for degradations)', async () => {
    const checkId = await createCheck(h.server, [channelId]);
    expect(await runs(h, checkId, ['DEGRADED', 'FAIL', 'DEGRADED', 'PASS'])).toEqual(['ALERT_DEGRADED', 'ALERT_DEGRADED_FAILURE', 'ALERT_FAILURE_DEGRADED', 'ALERT_DEGRADED_RECOVERY']);
    await deliveredLog(h);
    expect(received(checkId)).toEqual(['ALERT_DEGRADED', 'ALERT_DEGRADED_FAILURE', 'ALERT_FAILURE_DEGRADED', 'ALERT_DEGRADED_RECOVERY']);
  });

  it('parallel runs: with a 50 % threshold, 1 of 4 failing locations does not alert, 2 of 4 do', async () => {
    const checkId = await createCheck(h.server, [channelId], {
      runParallel: true,
      locations: ['eu-west-1', 'us-east-1', 'ap-south-1', 'sa-east-1'],
      ...settings({ parallelRunFailureThreshold: { enabled: true, percentage: 50 } }),
    });
    const four = (failing: number) => ['eu-west-1', 'us-east-1', 'ap-south-1', 'sa-east-1'].map((l, i) => result(i < failing ? 'FAIL' : 'PASS', l));
    expect((await run(h, checkId, ...four(1))).alert).toBeNull();
    expect((await run(h, checkId, ...four(2))).alert).toBe('ALERT_FAILURE');
    expect((await run(h, checkId, ...four(1))).alert).toBe('ALERT_RECOVERY');
    const log = await deliveredLog(h);
    expect(received(checkId)).toEqual(['ALERT_FAILURE', 'ALERT_RECOVERY']);
    const failure = log.find((n) => n.checkId === checkId && n.alertType === 'ALERT_FAILURE');
    expect(failure).toMatchObject({ status: 'SUCCESS', type: 'WEBHOOK', alertChannelId: channelId, checkType: 'ICMP' });
    const body = JSON.parse(receiver.requests.find((r) => r.headers['idempotency-key'] === failure?.id)?.body ?? '{}');
    expect(body).toMatchObject({ RUN_LOCATION: 'eu-west-1', ERROR_MESSAGE: '100% packet loss', CHECK_NAME: 'Checkout API' });
  });

  it('a run is judged once even if reported twice (same session)', async () => {
    const checkId = await createCheck(h.server, [channelId]);
    const failing = result('FAIL');
    const first = await run(h, checkId, failing);
    expect(first.alert).toBe('ALERT_FAILURE');
    const { recordAlertRun } = await import('../../src-main/services/alerts/record-run');
    const again = await recordAlertRun(h.server.backend.deps, { accountId: h.server.backend.accountId, checkId, checkSessionId: 'same', results: [failing] });
    const twice = await recordAlertRun(h.server.backend.deps, { accountId: h.server.backend.accountId, checkId, checkSessionId: 'same', results: [failing] });
    expect([again.verdict, twice.verdict]).toEqual(['FAIL', null]);
  });

  it('muted: the alert is recorded but nothing is sent; a deactivated check does not alert at all', async () => {
    const muted = await createCheck(h.server, [channelId], { muted: true });
    const outcome = await run(h, muted, result('FAIL'));
    expect(outcome).toMatchObject({ alert: 'ALERT_FAILURE', muted: true, notificationIds: [] });
    expect(outcome.checkAlertId).toEqual(expect.any(String));

    const inactive = await createCheck(h.server, [channelId], { activated: false });
    expect(await run(h, inactive, result('FAIL'))).toMatchObject({ alert: null, verdict: null });
    await deliveredLog(h);
    expect(received(muted)).toEqual([]);
    expect(received(inactive)).toEqual([]);
  });

  it('channels send only what they ask for, and only to activated subscriptions', async () => {
    const quiet = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Failures only', url: `${receiver.url}/failures-only` }, sendRecovery: false, sendDegraded: false });
    const paused = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Paused', url: `${receiver.url}/paused` } });
    const checkId = await createCheck(h.server, [quiet]);
    const subscribed = await h.server.api('PUT', `/v1/alert-channels/${paused}/subscriptions`, { checkId, activated: false });
    expect(subscribed.status, subscribed.text).toBe(200);
    await runs(h, checkId, ['DEGRADED', 'FAIL', 'PASS']);
    await deliveredLog(h);
    const paths = receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => `${r.path} ${JSON.parse(r.body).ALERT_TYPE}`);
    expect(paths).toEqual(['/failures-only ALERT_DEGRADED_FAILURE']);
  });

  it('group settings apply to member checks: the group’s alert settings and its channel subscriptions', async () => {
    const groupHook = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Group hook', url: `${receiver.url}/group` } });
    const group = await h.server.api('POST', '/v2/check-groups?autoAssignAlerts=false', {
      name: 'Payments',
      locations: [],
      alertChannelSubscriptions: [{ alertChannelId: groupHook, activated: true }],
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 } },
    });
    expect(group.status, group.text).toBe(201);
    const checkId = await createCheck(h.server, [], { groupId: group.body.id });
    expect(await runs(h, checkId, ['FAIL', 'FAIL', 'PASS'])).toEqual([null, 'ALERT_FAILURE', 'ALERT_RECOVERY']);
    await deliveredLog(h);
    const got = receiver.requests.filter((r) => r.body.includes(checkId));
    expect(got.map((r) => r.path)).toEqual(['/group', '/group']);
    expect(JSON.parse(got[0]?.body ?? '{}').GROUP_NAME).toBe('Payments');
  });

  it('useGlobalAlertSettings follows the account alert settings edited over tRPC', async () => {
    const saved = await h.trpc.alerts.setAccountAlertSettings.mutate({ escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 0, interval: 5 } });
    expect(saved.runBasedEscalation).toEqual({ failedRunThreshold: 2 });
    expect(await h.trpc.alerts.getAccountAlertSettings.query()).toEqual(saved);
    const checkId = await createCheck(h.server, [channelId], { useGlobalAlertSettings: true });
    expect(await runs(h, checkId, ['FAIL', 'FAIL'])).toEqual([null, 'ALERT_FAILURE']);
    await h.trpc.alerts.setAccountAlertSettings.mutate({ escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 1 } });
  });
});
