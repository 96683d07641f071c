import { afterEach, describe, expect, it } from 'vitest';
import { EmailConfig, SlackConfig, WebhookConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { alertEvent, deps, settings } from './fixtures';
import { parseMail } from './mime';
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from './receivers';

const NAMES = Array.from({ length: 10 }, (_, i) => `Service ${String(i + 1).padStart(2, '0')}`);
const gatewayDown = alertEvent({ checkName: 'Gateway', heldDown: { count: 20, names: NAMES } });
const TEXT = `20 dependent checks held down: ${NAMES.join(', ')}, …`;

let http: HttpReceiver | undefined;
let smtp: SmtpReceiver | undefined;
afterEach(async () => {
  await http?.close();
  await smtp?.close();
  http = undefined;
  smtp = undefined;
});

describe('a dependency’s alert names the checks it holds down, in every channel’s text', () => {
  it('email: a "Held down" line in the text and HTML parts', async () => {
    smtp = await startSmtpReceiver();
    const smtpSettings = settings({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Sightline <alerts@sightline.test>' } });
    const result = await deliver({ type: 'EMAIL', config: EmailConfig.parse({ address: 'oncall@example.test' }) }, gatewayDown, smtpSettings, deps);
    expect(result.ok, result.notificationResult).toBe(true);
    const parsed = parseMail(smtp.mails[0]?.raw ?? '');
    expect(parsed.text).toContain(`Held down: ${TEXT}`);
    expect(parsed.html).toContain(TEXT);
  });

  it('Slack: a "Held down" field', async () => {
    http = await startHttpReceiver();
    const result = await deliver({ type: 'SLACK', config: SlackConfig.parse({ url: `${http.url}/services/T0/B0/xyz` }) }, gatewayDown, settings(), deps);
    expect(result.ok, result.notificationResult).toBe(true);
    expect(http.requests[0]?.body).toContain('Held down');
    expect(http.requests[0]?.body).toContain(TEXT);
  });

  it('webhook: {{HELD_DOWN}} and {{HELD_DOWN_COUNT}}, empty and 0 for a check that holds nothing down', async () => {
    http = await startHttpReceiver();
    const config = WebhookConfig.parse({ name: 'Hook', url: `${http.url}/hook`, template: '{"held":"{{HELD_DOWN}}","count":{{HELD_DOWN_COUNT}}}' });
    await deliver({ type: 'WEBHOOK', config }, gatewayDown, settings(), deps);
    await deliver({ type: 'WEBHOOK', config }, alertEvent(), settings(), deps);
    expect(http.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { held: TEXT, count: 20 },
      { held: '', count: 0 },
    ]);
  });
});
