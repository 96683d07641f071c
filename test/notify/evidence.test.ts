import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../../src-main/notify/deliver';
import { httpEvidence } from '../../src-shared/check-types/evidence';
import { EmailConfig, SlackConfig, WebhookConfig } from '../../src-shared/schemas/alert-channel';
import { alertEvent, deps, settings } from './fixtures';
import { parseMail } from './mime';
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from './receivers';

/**
 * The evidence of an API or URL failure (issue 33 item 7), as the results API's CheckResultAPI holds
 * it, delivered to real receivers: the failing assertion with expected and actual, the status, and the
 * first lines of the body — never the whole body.
 */
const body = ['{', '  "error": "database unavailable",', '  "code": 503,', '  "retry": true,', '  "trace": "a",', '  "line6": "not shown"', '}'].join('\n');
const evidence = httpEvidence({
  assertions: [
    { source: 'JSON_BODY', property: '$.status', comparison: 'EQUALS', target: 'ok', actual: null, passed: true },
    { source: 'STATUS_CODE', property: '', comparison: 'EQUALS', target: '200', actual: 500, passed: false },
  ],
  response: { status: 500, statusText: 'Internal Server Error', body },
});
const event = alertEvent({ checkType: 'API', checkName: 'Orders API', errorMessage: 'assertion STATUS_CODE EQUALS 200 failed: actual 500', evidence });

describe('API and URL failure evidence in delivered messages', () => {
  let http: HttpReceiver;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    http = await startHttpReceiver();
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await http.close();
    await smtp.close();
  });

  it('the evidence is the failing assertion, the status and the first five lines of the body', () => {
    expect(evidence).toEqual([
      { label: 'Failing assertion', value: 'STATUS_CODE EQUALS 200: expected equal to 200, actual 500' },
      { label: 'Response', value: '500 Internal Server Error' },
      { label: 'Body', value: '{\n  "error": "database unavailable",\n  "code": 503,\n  "retry": true,\n  "trace": "a",…' },
    ]);
  });

  it('the certificate is evidence when the failure is about it (the certificate-expiry opt-in)', () => {
    const certificate = { subject: 'api.example', issuer: 'R3', validTo: '2026-12-03T12:00:00.000Z', daysLeft: 5 };
    const expiring = httpEvidence({ assertions: [], response: { status: 200, statusText: 'OK', body: '' }, certificate, requestError: 'the certificate of api.example expires in 5 days (on 2026-12-03), within certificateExpiryDays 14' });
    expect(expiring).toContainEqual({ label: 'Certificate', value: 'api.example, issued by R3: 5 days left (expires 2026-12-03)' });
    const statusOnly = httpEvidence({ assertions: [], response: { status: 500, statusText: 'Internal Server Error', body: '' }, certificate, requestError: null });
    expect(statusOnly.map((line) => line.label)).toEqual(['Response']);
  });

  it('email, webhook and Slack show it', async () => {
    const smtpSettings = settings({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Sightline <alerts@sightline.test>' } });
    expect((await deliver({ type: 'EMAIL', config: EmailConfig.parse({ address: 'oncall@example.test' }) }, event, smtpSettings, deps)).ok).toBe(true);
    expect((await deliver({ type: 'WEBHOOK', config: WebhookConfig.parse({ name: 'Hook', url: `${http.url}/hook` }) }, event, settings(), deps)).ok).toBe(true);
    expect((await deliver({ type: 'SLACK', config: SlackConfig.parse({ url: `${http.url}/slack` }) }, event, settings(), deps)).ok).toBe(true);

    const mail = parseMail(smtp.mails[0]?.raw ?? '');
    const hook = JSON.parse(http.requests.find((r) => r.path === '/hook')?.body ?? '{}') as { EVIDENCE: string };
    const slack = JSON.stringify(JSON.parse(http.requests.find((r) => r.path === '/slack')?.body ?? '{}')).replace(/\\n/g, '\n').replace(/\\"/g, '"');
    for (const [channel, text] of [['email', mail.text], ['webhook', hook.EVIDENCE], ['slack', slack]] as const) {
      expect(text, channel).toContain('STATUS_CODE EQUALS 200: expected equal to 200, actual 500');
      expect(text, channel).toContain('500 Internal Server Error');
      expect(text, channel).toContain('"error": "database unavailable"');
      expect(text, channel).not.toContain('not shown');
    }
    expect(hook.EVIDENCE.split('\n')[0]).toBe('Failing assertion: STATUS_CODE EQUALS 200: expected equal to 200, actual 500');
  });
});
