import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SlackAppConfig, SlackConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { alertEvent, deps, settings } from './fixtures';
import { startHttpReceiver, type HttpReceiver } from './receivers';

interface SlackBody {
  channel?: string;
  text: string;
  attachments: { color: string; fallback: string; blocks: { text?: { text: string }; fields?: { text: string }[] }[] }[];
}

let receiver: HttpReceiver;
beforeEach(async () => {
  receiver = await startHttpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('SLACK delivery (incoming webhook)', () => {
  it('posts text and a coloured attachment with the details to the webhook URL', async () => {
    const channel = { type: 'SLACK' as const, config: SlackConfig.parse({ url: `${receiver.url}/services/T0/B0/xyz` }) };
    const result = await deliver(channel, alertEvent({ errorMessage: 'timeout <after> 5s & more' }), settings(), deps);

    expect(result).toEqual({ ok: true, status: 200, notificationResult: 'ok', retryable: false });
    const request = receiver.requests[0];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/services/T0/B0/xyz');
    expect(request.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request.body) as SlackBody;
    expect(body.channel).toBeUndefined();
    expect(body.text).toBe('[Sightline] Check "Home page" has failed');
    expect(body.attachments[0].color).toBe('#d0021b');
    const blockText = JSON.stringify(body.attachments[0].blocks);
    expect(blockText).toContain('eu-west-1');
    expect(blockText).toContain('1234 ms');
    expect(blockText).toContain('timeout &lt;after&gt; 5s &amp; more');
    expect(blockText).toContain('<http://console.test:4310/#/monitors/');
  });

  it('overrides the channel when one is configured and colours by alert kind', async () => {
    const channel = { type: 'SLACK' as const, config: SlackConfig.parse({ url: `${receiver.url}/hook`, channel: '#ops' }) };
    const colours: Record<string, string> = {};
    for (const alertType of ['ALERT_DEGRADED', 'ALERT_RECOVERY', 'TEST'] as const) {
      await deliver(channel, alertEvent({ alertType }), settings(), deps);
      const body = JSON.parse(receiver.requests[receiver.requests.length - 1].body) as SlackBody;
      expect(body.channel).toBe('#ops');
      colours[alertType] = body.attachments[0].color;
    }
    expect(colours).toEqual({ ALERT_DEGRADED: '#f5a623', ALERT_RECOVERY: '#2eb67d', TEST: '#4a90e2' });
  });

  it('reports Slack refusing the payload as final', async () => {
    receiver.reply({ status: 404, body: 'no_service' });
    const channel = { type: 'SLACK' as const, config: SlackConfig.parse({ url: `${receiver.url}/hook` }) };
    expect(await deliver(channel, alertEvent(), settings(), deps)).toMatchObject({ ok: false, status: 404, retryable: false, notificationResult: 'no_service' });
  });
});

describe('SLACK_APP delivery (chat.postMessage)', () => {
  const slackApp = (slackChannels: string[]) => ({ type: 'SLACK_APP' as const, config: SlackAppConfig.parse({ slackChannels }) });
  const appSettings = () => settings({ slackAppToken: 'xoxb-test-token', baseUrls: { slackApp: `${receiver.url}/api/` } });

  it('posts to every channel with the bot token at the configured base', async () => {
    receiver.reply({ status: 200, body: '{"ok":true,"ts":"1.2"}', headers: { 'content-type': 'application/json' } });
    const result = await deliver(slackApp(['#ops', 'C0123']), alertEvent(), appSettings(), deps);

    expect(result.ok).toBe(true);
    expect(result.notificationResult).toContain('#ops: ok {"ok":true,"ts":"1.2"}');
    expect(receiver.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['POST', '/api/chat.postMessage', 'Bearer xoxb-test-token'],
      ['POST', '/api/chat.postMessage', 'Bearer xoxb-test-token'],
    ]);
    const bodies = receiver.requests.map((r) => JSON.parse(r.body) as SlackBody);
    expect(bodies.map((b) => b.channel)).toEqual(['#ops', 'C0123']);
    expect(bodies[0].text).toBe('[Sightline] Check "Home page" has failed');
    expect(receiver.requests.map((r) => r.headers['idempotency-key'])).toEqual(['ntf_0001:#ops', 'ntf_0001:C0123']);
  });

  it('treats an ok:false answer as a failure: final for a missing channel, retryable when rate limited', async () => {
    receiver.reply((request) => {
      const channel = (JSON.parse(request.body) as SlackBody).channel;
      return { status: 200, body: channel === '#gone' ? '{"ok":false,"error":"channel_not_found"}' : '{"ok":true}' };
    });
    const partial = await deliver(slackApp(['#ops', '#gone']), alertEvent(), appSettings(), deps);
    expect(partial).toMatchObject({ ok: false, retryable: false, error: '#gone: Slack refused the message: channel_not_found' });

    receiver.reply({ status: 200, body: '{"ok":false,"error":"ratelimited"}' });
    expect(await deliver(slackApp(['#ops']), alertEvent(), appSettings(), deps)).toMatchObject({ ok: false, status: 200, retryable: true });
  });

  it('sends nothing without a Slack App token', async () => {
    const result = await deliver(slackApp(['#ops']), alertEvent(), settings({ baseUrls: { slackApp: receiver.url } }), deps);
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(result.error).toContain('Slack App token');
    expect(receiver.requests).toHaveLength(0);
  });
});
