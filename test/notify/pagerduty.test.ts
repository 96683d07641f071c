import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PagerdutyConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { alertEvent, deps, settings } from './fixtures';
import { startHttpReceiver, type HttpReceiver } from './receivers';

let receiver: HttpReceiver;
beforeEach(async () => {
  receiver = await startHttpReceiver();
  receiver.reply({ status: 202, body: '{"status":"success","message":"Event processed","dedup_key":"x"}' });
});
afterEach(async () => {
  await receiver.close();
});

const channel = { type: 'PAGERDUTY' as const, config: PagerdutyConfig.parse({ serviceKey: 'R0UTINGKEY0000000000000000000000', serviceName: 'Web' }) };
const pdSettings = () => settings({ baseUrls: { pagerduty: receiver.url } });

describe('PAGERDUTY delivery (Events API v2)', () => {
  it('triggers on failure and resolves on recovery with the same dedup key', async () => {
    const failed = await deliver(channel, alertEvent(), pdSettings(), deps);
    const recovered = await deliver(channel, alertEvent({ alertType: 'ALERT_RECOVERY', notificationId: 'ntf_0002', errorMessage: null }), pdSettings(), deps);

    expect(failed).toMatchObject({ ok: true, status: 202, retryable: false });
    expect(failed.notificationResult).toContain('Event processed');
    expect(recovered.ok).toBe(true);
    expect(receiver.requests.map((r) => [r.method, r.path, r.headers['content-type']])).toEqual([
      ['POST', '/v2/enqueue', 'application/json'],
      ['POST', '/v2/enqueue', 'application/json'],
    ]);
    const [trigger, resolve] = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(trigger).toMatchObject({
      routing_key: 'R0UTINGKEY0000000000000000000000',
      event_action: 'trigger',
      dedup_key: 'sightline-6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10',
      payload: {
        summary: 'Check "Home page" has failed: 100% packet loss',
        source: 'eu-west-1',
        severity: 'critical',
        timestamp: '2026-03-01T12:00:04.000Z',
        component: 'Home page',
        custom_details: { alertType: 'ALERT_FAILURE', responseTime: 1234, tags: ['production', 'web'] },
      },
      links: [{ href: 'http://console.test:4310/#/monitors/6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10/results/a2b4c6d8-0000-4000-8000-000000000001', text: 'View result in Sightline' }],
    });
    expect(resolve).toMatchObject({ event_action: 'resolve', dedup_key: trigger.dedup_key, routing_key: trigger.routing_key });
    expect(receiver.requests.map((r) => r.headers['idempotency-key'])).toEqual(['ntf_0001', 'ntf_0002']);
  });

  it('triggers a degradation as a warning and a test under a key of its own', async () => {
    await deliver(channel, alertEvent({ alertType: 'ALERT_DEGRADED' }), pdSettings(), deps);
    await deliver(channel, alertEvent({ alertType: 'TEST', notificationId: 'ntf_test' }), pdSettings(), deps);
    const [degraded, test] = receiver.requests.map((r) => JSON.parse(r.body) as { event_action: string; dedup_key: string; payload: { severity: string } });
    expect([degraded.event_action, degraded.payload.severity]).toEqual(['trigger', 'warning']);
    expect([test.event_action, test.payload.severity, test.dedup_key]).toEqual(['trigger', 'info', 'sightline-test-ntf_test']);
  });

  it('retries when PagerDuty throttles and gives up on an invalid event', async () => {
    receiver.reply({ status: 429, body: '{"status":"throttle event"}' });
    expect(await deliver(channel, alertEvent(), pdSettings(), deps)).toMatchObject({ ok: false, status: 429, retryable: true });
    receiver.reply({ status: 400, body: '{"status":"invalid event","errors":["routing_key is invalid"]}' });
    const invalid = await deliver(channel, alertEvent(), pdSettings(), deps);
    expect(invalid).toMatchObject({ ok: false, status: 400, retryable: false });
    expect(invalid.notificationResult).toContain('routing_key is invalid');
  });
});
