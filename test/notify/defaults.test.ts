import { describe, expect, it } from 'vitest';
import { deliver } from '../../src-main/notify/deliver';
import { DEFAULT_DELIVERY_SETTINGS, resolveDeliverySettings } from '../../src-main/notify/settings';
import type { ChannelDelivery, ProviderDeps } from '../../src-main/notify/types';
import { alertEvent, NOW } from './fixtures';

/** Captures where a provider would send with the default settings, without leaving the machine. */
function capturingDeps(): { deps: ProviderDeps; urls: string[] } {
  const urls: string[] = [];
  const fetchStub: typeof fetch = async (input) => {
    urls.push(String(input));
    return new Response('{"ok":true}', { status: 202 });
  };
  return { deps: { fetch: fetchStub, now: () => NOW }, urls };
}

describe('delivery settings', () => {
  it('fills left-out settings with the defaults and keeps what is given', () => {
    const resolved = resolveDeliverySettings({ smtp: { host: 'mail.example.test', user: undefined }, baseUrls: { pagerduty: 'http://pd.internal' }, timeoutMs: 500 });
    expect(resolved.smtp).toEqual({ ...DEFAULT_DELIVERY_SETTINGS.smtp, host: 'mail.example.test' });
    expect(resolved.baseUrls).toEqual({ ...DEFAULT_DELIVERY_SETTINGS.baseUrls, pagerduty: 'http://pd.internal' });
    expect(resolved.timeoutMs).toBe(500);
  });

  it("sends to each provider's documented API by default", async () => {
    const { deps, urls } = capturingDeps();
    const settings = resolveDeliverySettings({ slackAppToken: 'xoxb-1', twilio: { accountSid: 'AC1', authToken: 't', from: '+15005550006' } });
    const channels: ChannelDelivery[] = [
      { type: 'PAGERDUTY', config: { serviceKey: 'k' } },
      { type: 'OPSGENIE', config: { apiKey: 'k', region: 'US', priority: 'P3' } },
      { type: 'OPSGENIE', config: { apiKey: 'k', region: 'EU', priority: 'P3' } },
      { type: 'OPSGENIE', config: { apiKey: 'k', region: 'EU', priority: 'P3' } },
      { type: 'SLACK_APP', config: { slackChannels: ['#ops'] } },
      { type: 'SMS', config: { number: '+31612345678' } },
      { type: 'CALL', config: { number: '+31612345678' } },
    ];
    for (const [i, channel] of channels.entries()) {
      const result = await deliver(channel, alertEvent({ alertType: i === 3 ? 'ALERT_RECOVERY' : 'ALERT_FAILURE' }), settings, deps);
      expect(result.ok).toBe(true);
    }
    expect(urls).toEqual([
      'https://events.pagerduty.com/v2/enqueue',
      'https://api.opsgenie.com/v2/alerts',
      'https://api.eu.opsgenie.com/v2/alerts',
      'https://api.eu.opsgenie.com/v2/alerts/sightline-6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10/close?identifierType=alias',
      'https://slack.com/api/chat.postMessage',
      'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json',
      'https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json',
    ]);
  });

  it('answers an unknown channel type with a final failure instead of throwing', async () => {
    const { deps, urls } = capturingDeps();
    const channel = { type: 'CARRIER_PIGEON', config: {} } as unknown as ChannelDelivery;
    const result = await deliver(channel, alertEvent(), resolveDeliverySettings(), deps);
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'Unknown alert channel type: CARRIER_PIGEON' });
    expect(urls).toEqual([]);
  });
});
