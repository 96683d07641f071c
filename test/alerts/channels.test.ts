import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from '../notify/receivers';
import { createChannel, createCheck, deliveredLog, result, run, startAlertHarness, type AlertHarness } from './harness';

describe('every channel type receives real alerts through the outbox (receivers on 127.0.0.1)', () => {
  let h: AlertHarness;
  let http: HttpReceiver;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    h = await startAlertHarness();
    http = await startHttpReceiver();
    http.reply((request) =>
      request.path.endsWith('chat.postMessage') ? { status: 200, body: '{"ok":true}', headers: { 'content-type': 'application/json' } } : { status: 202, body: `{"received":"${request.path}"}` },
    );
    smtp = await startSmtpReceiver({
      authOptional: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'smtp-s3cret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
    });
    const saved = await h.trpc.alerts.setDeliverySettings.mutate({
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'mailer', password: 'smtp-s3cret', from: 'Sightline <alerts@sightline.test>' },
      baseUrls: { slackApp: `${http.url}/slack-api`, pagerduty: `${http.url}/pd`, opsgenieUs: `${http.url}/og-us`, opsgenieEu: `${http.url}/og-eu`, twilio: `${http.url}/twilio` },
      twilio: { accountSid: 'AC0001', authToken: 'twilio-token', from: '+15005550006' },
      slackAppToken: 'xoxb-app-token',
      publicBaseUrl: 'http://console.test:4310',
      timeoutMs: 3000,
    });
    expect(saved.smtp).toEqual({ host: '127.0.0.1', port: smtp.port, secure: false, user: 'mailer', from: 'Sightline <alerts@sightline.test>', passwordSet: true });
  });
  afterAll(async () => {
    await h.stop();
    await http.close();
    await smtp.close();
  });

  it('Settings never hand secrets back: passwordSet/authTokenSet/slackAppTokenSet only', async () => {
    const settings = await h.trpc.alerts.getDeliverySettings.query();
    expect(settings).toMatchObject({ twilio: { accountSid: 'AC0001', authTokenSet: true }, slackAppTokenSet: true, rateLimit: { max: 20, windowMinutes: 10 } });
    expect(JSON.stringify(settings)).not.toMatch(/smtp-s3cret|twilio-token|xoxb-app-token/);
  });

  it('EMAIL: the SMTP server gets a readable message with check, status, location, error and link', async () => {
    const channel = await createChannel(h.server, { type: 'EMAIL', config: { address: 'oncall@example.com' } });
    const checkId = await createCheck(h.server, [channel], { name: 'Mail check' });
    await run(h, checkId, result('FAIL', 'eu-west-1'));
    const log = await deliveredLog(h, `alertChannelId=${channel}`);
    expect(log.map((n) => n.status)).toEqual(['SUCCESS']);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['oncall@example.com']);
    expect(mail?.user).toBe('mailer');
    const raw = (mail?.raw ?? '').replace(/=\r?\n/g, '');
    expect(raw).toMatch(/Subject: .*Mail check/);
    for (const text of ['eu-west-1', '100% packet loss', 'FAILED', `http://console.test:4310/#/monitors/${checkId}/results/`]) expect(raw).toContain(text);
  });

  it('WEBHOOK: template variables and an HMAC-SHA256 signature of the raw body', async () => {
    const channel = await createChannel(h.server, {
      type: 'WEBHOOK',
      config: {
        name: 'Signed',
        url: `${http.url}/signed`,
        method: 'PUT',
        headers: [{ key: 'X-Team', value: 'payments' }],
        queryParameters: [{ key: 'check', value: '{{CHECK_ID}}' }],
        template: '{"title":"{{ALERT_TITLE}}","type":"{{ALERT_TYPE}}","result":"{{CHECK_RESULT_ID}}","ms":"{{RESPONSE_TIME}}","at":"{{RUN_LOCATION}}"}',
        webhookSecret: 'hook-secret',
      },
    });
    const checkId = await createCheck(h.server, [channel], { name: 'Signed check' });
    const failing = result('FAIL', 'us-east-1');
    await run(h, checkId, failing);
    const [notification] = await deliveredLog(h, `alertChannelId=${channel}`);
    const request = http.requests.find((r) => r.path === '/signed');
    expect(request?.method).toBe('PUT');
    expect(request?.query.get('check')).toBe(checkId);
    expect(request?.headers['x-team']).toBe('payments');
    expect(request?.headers['idempotency-key']).toBe(notification?.id);
    expect(request?.headers['x-sightline-signature']).toBe(`sha256=${createHmac('sha256', 'hook-secret').update(request?.body ?? '').digest('hex')}`);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ title: 'Check "Signed check" has failed', type: 'ALERT_FAILURE', result: failing.checkResultId, ms: '1500', at: 'us-east-1' });
    expect(notification).toMatchObject({ status: 'SUCCESS', notificationResult: '{"received":"/signed"}', checkResultId: failing.checkResultId });
  });

  it('SLACK and SLACK_APP: incoming-webhook JSON and chat.postMessage with the app token', async () => {
    const slack = await createChannel(h.server, { type: 'SLACK', config: { url: `${http.url}/slack-hook`, channel: '#ops' } });
    const app = await createChannel(h.server, { type: 'SLACK_APP', config: { slackChannels: ['#ops', '#sre'] } });
    const checkId = await createCheck(h.server, [slack, app], { name: 'Slack check' });
    await run(h, checkId, result('FAIL'));
    const log = await deliveredLog(h);
    expect(log.filter((n) => n.checkId === checkId).map((n) => `${n.type} ${n.status}`).sort()).toEqual(['SLACK SUCCESS', 'SLACK_APP SUCCESS']);
    const hook = http.requests.find((r) => r.path === '/slack-hook');
    expect(hook?.body).toContain('Slack check');
    const posts = http.requests.filter((r) => r.path === '/slack-api/chat.postMessage');
    expect(posts.map((r) => [r.headers.authorization, JSON.parse(r.body).channel])).toEqual([
      ['Bearer xoxb-app-token', '#ops'],
      ['Bearer xoxb-app-token', '#sre'],
    ]);
  });

  it('PAGERDUTY: trigger on failure, resolve on recovery, one dedup key', async () => {
    const channel = await createChannel(h.server, { type: 'PAGERDUTY', config: { serviceKey: 'pd-routing-key', serviceName: 'Web' } });
    const checkId = await createCheck(h.server, [channel], { name: 'PD check' });
    await run(h, checkId, result('FAIL'));
    await run(h, checkId, result('PASS'));
    await deliveredLog(h);
    const events = http.requests.filter((r) => r.path === '/pd/v2/enqueue').map((r) => JSON.parse(r.body) as { event_action: string; dedup_key: string; routing_key: string });
    expect(events.map((e) => e.event_action)).toEqual(['trigger', 'resolve']);
    expect(events[0]?.dedup_key).toBe(`sightline-${checkId}`);
    expect(events[1]?.dedup_key).toBe(events[0]?.dedup_key);
    expect(events[0]?.routing_key).toBe('pd-routing-key');
  });

  it('OPSGENIE (EU base, priority) and SMS/CALL through the Twilio-compatible gateway', async () => {
    const og = await createChannel(h.server, { type: 'OPSGENIE', config: { name: 'Genie', apiKey: 'genie-key', region: 'EU', priority: 'P2' } });
    const sms = await createChannel(h.server, { type: 'SMS', config: { name: 'On call', number: '+14155550123' } });
    const call = await createChannel(h.server, { type: 'CALL', config: { name: 'Phone', number: '+4915123456789' } });
    const checkId = await createCheck(h.server, [og, sms, call], { name: 'Gateway check' });
    await run(h, checkId, result('FAIL'));
    const log = await deliveredLog(h);
    expect(log.filter((n) => n.checkId === checkId).map((n) => `${n.type} ${n.status}`).sort()).toEqual(['CALL SUCCESS', 'OPSGENIE SUCCESS', 'SMS SUCCESS']);
    const genie = http.requests.find((r) => r.path === '/og-eu/v2/alerts');
    expect(genie?.headers.authorization).toBe('GenieKey genie-key');
    expect(JSON.parse(genie?.body ?? '{}')).toMatchObject({ priority: 'P2' });
    const basic = `Basic ${Buffer.from('AC0001:twilio-token').toString('base64')}`;
    const message = http.requests.find((r) => r.path === '/twilio/2010-04-01/Accounts/AC0001/Messages.json');
    expect(message?.headers.authorization).toBe(basic);
    expect(new URLSearchParams(message?.body).get('To')).toBe('+14155550123');
    expect(new URLSearchParams(message?.body).get('Body')).toContain('Gateway check');
    const phone = http.requests.find((r) => r.path === '/twilio/2010-04-01/Accounts/AC0001/Calls.json');
    expect(new URLSearchParams(phone?.body).get('To')).toBe('+4915123456789');
  });
});
