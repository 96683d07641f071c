import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsTargets, type TlsTargets } from '../checks/ssl-certs';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { parseMail } from '../notify/mime';
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type ReceivedRequest, type SmtpReceiver } from '../notify/receivers';
import { createChannel, runToCompletion } from './harness';

/**
 * Issue 33 item 7, "Alerts carry the evidence": a real failing run, judged and delivered through the
 * outbox to every channel type (receivers on 127.0.0.1), names the failing assertion with expected and
 * actual, and what the target showed (for SSL: the certificate's days left, why a chain is not trusted).
 */
describe('every channel’s failure message carries the evidence of the failing run', () => {
  let server: TestServer;
  let http: HttpReceiver;
  let smtp: SmtpReceiver;
  let targets: TlsTargets;
  let channels: number[];

  beforeAll(async () => {
    targets = await startTlsTargets();
    server = await startServer();
    http = await startHttpReceiver();
    http.reply((request) => (request.path.endsWith('chat.postMessage') ? { status: 200, body: '{"ok":true}', headers: { 'content-type': 'application/json' } } : { status: 202, body: 'ok' }));
    smtp = await startSmtpReceiver();
    await trpcClient(server.url, server.key).alerts.setDeliverySettings.mutate({
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Sightline <alerts@sightline.test>' },
      baseUrls: { slackApp: `${http.url}/slack-api`, pagerduty: `${http.url}/pd`, opsgenieUs: `${http.url}/og-us`, opsgenieEu: `${http.url}/og-eu`, twilio: `${http.url}/twilio` },
      twilio: { accountSid: 'AC0001', authToken: 'twilio-token', from: '+15005550006' },
      slackAppToken: 'xoxb-app-token',
      timeoutMs: 3000,
    });
    channels = [
      await createChannel(server, { type: 'EMAIL', config: { address: 'oncall@example.com' } }),
      await createChannel(server, { type: 'WEBHOOK', config: { name: 'Hook', url: `${http.url}/hook` } }),
      await createChannel(server, { type: 'WEBHOOK', config: { name: 'Teams', url: `${http.url}/teams`, webhookType: 'WEBHOOK_MSTEAMS', template: '{"text":"{{ALERT_TITLE}}\\n{{EVIDENCE}}"}' } }),
      await createChannel(server, { type: 'SLACK', config: { url: `${http.url}/slack-hook` } }),
      await createChannel(server, { type: 'SLACK_APP', config: { slackChannels: ['#ops'] } }),
      await createChannel(server, { type: 'PAGERDUTY', config: { serviceKey: 'pd-routing-key' } }),
      await createChannel(server, { type: 'OPSGENIE', config: { name: 'Genie', apiKey: 'genie-key', region: 'US', priority: 'P2' } }),
      await createChannel(server, { type: 'SMS', config: { name: 'On call', number: '+14155550123' } }),
      await createChannel(server, { type: 'CALL', config: { name: 'Phone', number: '+4915123456789' } }),
    ];
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await http?.close();
    await smtp?.close();
    await targets?.close();
  });

  /** Runs a new SSL monitor once against the port; returns what every channel received for it. */
  function failAndDeliver(name: string, sslConfig: Record<string, unknown>, assertions: Record<string, unknown>[] = []) {
    return createFailAndDeliver('ssl', { name, request: { sslConfig: { hostname: '127.0.0.1', ...sslConfig }, assertions } });
  }

  /** Creates a check of the type, runs it once; returns what every channel received for it. */
  async function createFailAndDeliver(segment: string, body: { name: string } & Record<string, unknown>) {
    const name = body.name;
    const created = await server.api('POST', `/v1/checks/${segment}?autoAssignAlerts=false`, {
      ...body,
      doubleCheck: false,
      alertChannelSubscriptions: channels.map((alertChannelId) => ({ alertChannelId, activated: true })),
    });
    expect(created.status, created.text).toBe(201);
    await runToCompletion(server.api, created.body.id as string);
    await server.backend.alerting.dispatcher.drain();
    const log = await server.api('GET', '/v1/alert-notifications');
    const notifications = (log.body as { checkId: string; type: string; status: string }[]).filter((n) => n.checkId === created.body.id);
    expect(notifications.map((n) => `${n.type} ${n.status}`).sort()).toEqual([
      'CALL SUCCESS',
      'EMAIL SUCCESS',
      'OPSGENIE SUCCESS',
      'PAGERDUTY SUCCESS',
      'SLACK SUCCESS',
      'SLACK_APP SUCCESS',
      'SMS SUCCESS',
      'WEBHOOK SUCCESS',
      'WEBHOOK SUCCESS',
    ]);
    const mine = (path: string): ReceivedRequest => {
      const found = http.requests.filter((r) => r.path === path && decodeURIComponent(r.body.replace(/\+/g, ' ')).includes(name));
      expect(found, path).toHaveLength(1);
      return found[0] as ReceivedRequest;
    };
    const form = (r: ReceivedRequest, field: string) => new URLSearchParams(r.body).get(field) ?? '';
    const mail = smtp.mails.filter((m) => m.raw.includes(name));
    expect(mail).toHaveLength(1);
    const parsed = parseMail(mail[0]?.raw ?? '');
    const slack = (r: ReceivedRequest) => JSON.stringify(JSON.parse(r.body)).replace(/\\n/g, '\n');
    return {
      'EMAIL text': parsed.text,
      'EMAIL html': parsed.html.replace(/&quot;/g, '"').replace(/&#39;/g, "'"),
      WEBHOOK: (JSON.parse(mine('/hook').body) as { EVIDENCE: string }).EVIDENCE,
      'MS Teams': (JSON.parse(mine('/teams').body) as { text: string }).text,
      SLACK: slack(mine('/slack-hook')),
      SLACK_APP: slack(mine('/slack-api/chat.postMessage')),
      PAGERDUTY: JSON.stringify((JSON.parse(mine('/pd/v2/enqueue').body) as { payload: { custom_details: unknown } }).payload.custom_details),
      OPSGENIE: (JSON.parse(mine('/og-us/v2/alerts').body) as { description: string }).description,
      SMS: form(mine('/twilio/2010-04-01/Accounts/AC0001/Messages.json'), 'Body'),
      CALL: form(mine('/twilio/2010-04-01/Accounts/AC0001/Calls.json'), 'Twiml'),
    };
  }

  it('SSL: the failing assertion with expected and actual, and the certificate’s days left', async () => {
    // The server does not trust the test's CA, so the chain check is skipped: the assertion and the expiry decide.
    const received = await failAndDeliver('Expiring certificate', { port: targets.ports.soon, skipChainValidation: true, alertDaysBeforeExpiry: 3 }, [
      { source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'GREATER_THAN', target: '30' },
    ]);
    for (const [channel, text] of Object.entries(received)) {
      expect(text, channel).toContain('CERTIFICATE daysUntilExpiry GREATER_THAN 30: expected greater than 30, actual 5');
      expect(text, channel).toContain('soon.example, issued by Sightline Test CA: 5 days left');
      // Two SMS segments leave no room for the date; every other channel has it.
      if (channel !== 'SMS') expect(text, channel).toMatch(/5 days left \(expires \d{4}-\d\d-\d\d\)/);
    }
  });

  it('SSL: a chain that is not trusted says why', async () => {
    const received = await failAndDeliver('Self-signed certificate', { port: targets.ports.selfSigned });
    for (const [channel, text] of Object.entries(received)) {
      expect(text, channel).toContain('not trusted: the certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)');
      expect(text, channel).toMatch(/self\.example, issued by self\.example: (89|90) days left/);
    }
  });

  it('API and URL: the failing assertion, the response status and the first lines of the body', async () => {
    const target = await startHttpReceiver();
    const body = ['{', '  "error": "database unavailable",', '  "code": 503,', '  "retry": true,', '  "trace": "a",', '  "line6": "never in an alert"', '}'].join('\n');
    target.reply({ status: 500, body, headers: { 'content-type': 'application/json' } });
    try {
      const api = await createFailAndDeliver('api', {
        name: 'Orders API',
        request: { method: 'GET', url: `${target.url}/orders`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      });
      const url = await createFailAndDeliver('url', {
        name: 'Orders page',
        request: { url: `${target.url}/orders`, assertions: [{ source: 'STATUS_CODE', comparison: 'LESS_THAN', target: '400' }] },
      });
      for (const [received, assertion] of [
        [api, 'STATUS_CODE EQUALS 200: expected equal to 200, actual 500'],
        [url, 'STATUS_CODE LESS_THAN 400: expected less than 400, actual 500'],
      ] as const) {
        for (const [channel, text] of Object.entries(received)) {
          const flat = channel === 'SLACK' || channel === 'SLACK_APP' || channel === 'PAGERDUTY' ? text.replace(/\\"/g, '"') : text;
          expect(flat, channel).toContain(assertion);
          expect(flat, channel).toContain('500 Internal Server Error');
          expect(flat, channel).not.toContain('never in an alert');
          // Two SMS segments hold the assertion and the status; a call does not read out a body.
          if (channel !== 'SMS' && channel !== 'CALL') expect(flat, channel).toContain('"error": "database unavailable"');
          expect(flat.split(assertion).length, `${channel} names the assertion once in the evidence`).toBeLessThanOrEqual(channel === 'CALL' ? 3 : 2);
        }
      }
    } finally {
      await target.close();
    }
  });
});
