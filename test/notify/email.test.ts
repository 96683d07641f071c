import { afterEach, describe, expect, it } from 'vitest';
import { EmailConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { alertEvent, deps, settings } from './fixtures';
import { parseMail } from './mime';
import { closedPort, startSilentServer, startSmtpReceiver, type SmtpReceiver } from './receivers';

const channel = { type: 'EMAIL' as const, config: EmailConfig.parse({ address: 'oncall@example.test' }) };
const smtpSettings = (port: number, extra: { user?: string; password?: string } = {}, timeoutMs = 2000) =>
  settings({ timeoutMs, smtp: { host: '127.0.0.1', port, secure: false, from: 'Sightline <alerts@sightline.test>', ...extra } });

let receiver: SmtpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('EMAIL delivery', () => {
  it('sends a readable failure email to the channel address', async () => {
    receiver = await startSmtpReceiver();
    const result = await deliver(channel, alertEvent(), smtpSettings(receiver.port), deps);

    expect(result).toMatchObject({ ok: true, status: 250, retryable: false });
    expect(result.notificationResult).toMatch(/^250 /);
    expect(receiver.mails).toHaveLength(1);
    const mail = receiver.mails[0];
    expect(mail.to).toEqual(['oncall@example.test']);
    expect(mail.from).toBe('alerts@sightline.test');
    const parsed = parseMail(mail.raw);
    expect(parsed.headers.get('subject')).toBe('[Sightline] FAILED: Home page');
    expect(parsed.headers.get('message-id')).toBe('<sightline-ntf_0001@sightline.test>');
    expect(parsed.headers.get('to')).toBe('oncall@example.test');
    const link = 'http://console.test:4310/#/monitors/6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10/results/a2b4c6d8-0000-4000-8000-000000000001';
    expect(parsed.text).toContain('Check "Home page" has failed');
    expect(parsed.html).toContain('<h2>Check &quot;Home page&quot; has failed</h2>');
    for (const body of [parsed.text, parsed.html]) {
      expect(body).toContain('FAILED');
      expect(body).toContain('eu-west-1');
      expect(body).toContain('1234 ms');
      expect(body).toContain('100% packet loss');
      expect(body).toContain('2026-03-01T12:00:00.000Z');
      expect(body).toContain(link);
    }
    expect(parsed.html).toContain(`<a href="${link}">View result</a>`);
  });

  it('says RECOVERED in the subject of a recovery and escapes HTML from the check', async () => {
    receiver = await startSmtpReceiver();
    const event = alertEvent({ alertType: 'ALERT_RECOVERY', checkName: '<b>API</b> & co', errorMessage: null });
    const result = await deliver(channel, event, smtpSettings(receiver.port), deps);

    expect(result.ok).toBe(true);
    const parsed = parseMail(receiver.mails[0].raw);
    expect(parsed.headers.get('subject')).toBe('[Sightline] RECOVERED: <b>API</b> & co');
    expect(parsed.html).toContain('&lt;b&gt;API&lt;/b&gt; &amp; co');
    expect(parsed.html).not.toContain('<b>API</b>');
    expect(parsed.text).not.toContain('Error:');
  });

  it('logs in with the configured SMTP user and password', async () => {
    receiver = await startSmtpReceiver({
      authOptional: false,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
    });
    const ok = await deliver(channel, alertEvent(), smtpSettings(receiver.port, { user: 'mailer', password: 's3cret' }), deps);
    expect(ok.ok).toBe(true);
    expect(receiver.mails.map((m) => m.user)).toEqual(['mailer']);

    const wrong = await deliver(channel, alertEvent(), smtpSettings(receiver.port, { user: 'mailer', password: 'nope' }), deps);
    expect(wrong).toMatchObject({ ok: false, status: 535, retryable: false });
    expect(wrong.error).toContain('EAUTH');
    expect(receiver.mails).toHaveLength(1);
  });

  it('does not retry a recipient the server refuses for good, but retries a temporary refusal', async () => {
    let answer = { code: 550, text: 'No such user here' };
    receiver = await startSmtpReceiver({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error(answer.text), { responseCode: answer.code }));
      },
    });
    const permanent = await deliver(channel, alertEvent(), smtpSettings(receiver.port), deps);
    expect(permanent).toMatchObject({ ok: false, status: 550, retryable: false });
    expect(permanent.notificationResult).toContain('No such user here');

    answer = { code: 451, text: 'Try again later' };
    const temporary = await deliver(channel, alertEvent(), smtpSettings(receiver.port), deps);
    expect(temporary).toMatchObject({ ok: false, status: 451, retryable: true });
    expect(receiver.mails).toHaveLength(0);
  });

  it('retries when the SMTP server is unreachable', async () => {
    const result = await deliver(channel, alertEvent(), smtpSettings(await closedPort()), deps);
    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('gives up on a server that never greets after timeoutMs, and retries later', async () => {
    const silent = await startSilentServer();
    try {
      const result = await deliver(channel, alertEvent(), smtpSettings(silent.port, {}, 300), deps);
      expect(result).toMatchObject({ ok: false, retryable: true });
      expect(result.error).toMatch(/ETIMEDOUT|timeout/i);
    } finally {
      await silent.close();
    }
  });
});
