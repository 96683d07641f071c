import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebhookConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { TEMPLATE_VARIABLES } from '../../src-main/notify/template-variables';
import { alertEvent, deps, NOW, settings } from './fixtures';
import { closedPort, startHttpReceiver, type HttpReceiver } from './receivers';

let receiver: HttpReceiver;
beforeEach(async () => {
  receiver = await startHttpReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const webhook = (config: Partial<WebhookConfig> = {}) => ({
  type: 'WEBHOOK' as const,
  config: WebhookConfig.parse({ name: 'Ops hook', url: `${receiver.url}/hooks/sightline`, ...config }),
});

function verifySignature(secret: string, rawBody: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(String(header));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('WEBHOOK delivery', () => {
  it('sends the rendered template with method, query parameters, headers and an HMAC signature', async () => {
    receiver.reply({ status: 201, body: '{"received":true}' });
    const template = '{"title": "{{ALERT_TITLE}}", "type": "{{ALERT_TYPE}}", "check": "{{CHECK_ID}}", "result": "{{CHECK_RESULT_ID}}", "ms": {{RESPONSE_TIME}}, "where": "{{RUN_LOCATION}}", "at": "{{STARTED_AT}}", "error": "{{ERROR_MESSAGE}}", "link": "{{RESULT_LINK}}", "id": "{{ EVENT_ID }}"}';
    const channel = webhook({
      url: `${receiver.url}/hooks/{{CHECK_ID}}`,
      method: 'PUT',
      headers: [{ key: 'Authorization', value: 'Bearer abc', locked: false }, { key: 'X-Check', value: '{{CHECK_NAME}}', locked: false }],
      queryParameters: [{ key: 'source', value: 'sightline', locked: false }, { key: 'check', value: '{{CHECK_NAME}}', locked: false }],
      template,
      webhookSecret: 'whsec_test',
    });
    const event = alertEvent({ errorMessage: 'Expected "200"\nbut got 503 \\ timeout' });
    const result = await deliver(channel, event, settings(), deps);

    expect(result).toEqual({ ok: true, status: 201, notificationResult: '{"received":true}', retryable: false });
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0];
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`/hooks/${event.checkId}`);
    expect(Object.fromEntries(request.query)).toEqual({ source: 'sightline', check: 'Home page' });
    expect(request.headers.authorization).toBe('Bearer abc');
    expect(request.headers['x-check']).toBe('Home page');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['idempotency-key']).toBe('ntf_0001');
    expect(request.headers['x-sightline-timestamp']).toBe(String(NOW.getTime() / 1000));
    expect(verifySignature('whsec_test', request.body, request.headers['x-sightline-signature'])).toBe(true);
    expect(verifySignature('another-secret', request.body, request.headers['x-sightline-signature'])).toBe(false);
    expect(JSON.parse(request.body)).toEqual({
      title: 'Check "Home page" has failed',
      type: 'ALERT_FAILURE',
      check: event.checkId,
      result: event.checkResultId,
      ms: 1234,
      where: 'eu-west-1',
      at: '2026-03-01T12:00:00.000Z',
      error: 'Expected "200"\nbut got 503 \\ timeout',
      link: `http://console.test:4310/#${event.resultLink}`,
      id: 'ntf_0001',
    });
  });

  it('sends every variable as a JSON object when there is no template, and no signature without a secret', async () => {
    const result = await deliver(webhook(), alertEvent({ alertType: 'ALERT_DEGRADED_RECOVERY' }), settings(), deps);

    expect(result).toMatchObject({ ok: true, status: 200, notificationResult: 'ok' });
    const request = receiver.requests[0];
    expect(request.method).toBe('POST');
    expect(request.headers['x-sightline-signature']).toBeUndefined();
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(TEMPLATE_VARIABLES.map((v) => v.name).sort());
    expect(body).toMatchObject({
      ALERT_TYPE: 'ALERT_DEGRADED_RECOVERY',
      ALERT_STATUS: 'RECOVERED',
      ALERT_TITLE: 'Check "Home page" has recovered',
      CHECK_NAME: 'Home page',
      CHECK_TYPE: 'ICMP',
      RESPONSE_TIME: 1234,
      TAGS: ['production', 'web'],
      GROUP_NAME: 'Public site',
      TIMESTAMP: String(NOW.getTime() / 1000),
      OCCURRED_AT: '2026-03-01T12:00:04.000Z',
    });
  });

  it('inserts values as they are into a plain-text template and leaves unknown variables visible', async () => {
    const channel = webhook({ template: 'ALERT {{ALERT_TYPE}} on {{CHECK_NAME}} [{{TAGS}}] {{NOT_A_VARIABLE}} "{{ERROR_MESSAGE}}"', webhookSecret: 'k' });
    await deliver(channel, alertEvent({ errorMessage: 'a "quoted" error' }), settings(), deps);

    const request = receiver.requests[0];
    expect(request.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(request.body).toBe('ALERT ALERT_FAILURE on Home page [production,web] {{NOT_A_VARIABLE}} "a "quoted" error"');
    expect(verifySignature('k', request.body, request.headers['x-sightline-signature'])).toBe(true);
  });

  it('lets the channel override Content-Type and sends GET without a body', async () => {
    const typed = webhook({ template: '{{CHECK_NAME}}', headers: [{ key: 'content-type', value: 'application/x-custom', locked: false }] });
    await deliver(typed, alertEvent(), settings(), deps);
    expect(receiver.requests[0].headers['content-type']).toBe('application/x-custom');

    const get = webhook({ method: 'GET', url: `${receiver.url}/ping?name={{CHECK_NAME}}`, template: '{"ignored": true}', webhookSecret: 's' });
    await deliver(get, alertEvent({ checkName: 'A&B site' }), settings(), deps);
    const request = receiver.requests[1];
    expect(request.method).toBe('GET');
    expect(request.query.get('name')).toBe('A&B site');
    expect(request.body).toBe('');
    expect(verifySignature('s', '', request.headers['x-sightline-signature'])).toBe(true);
  });

  it('treats 5xx, 429, refused connections and timeouts as retryable, and other 4xx as final', async () => {
    receiver.reply({ status: 500, body: 'upstream exploded' });
    expect(await deliver(webhook(), alertEvent(), settings(), deps)).toEqual({
      ok: false,
      status: 500,
      notificationResult: 'upstream exploded',
      retryable: true,
      error: 'HTTP 500 Internal Server Error',
    });

    receiver.reply({ status: 400, body: '{"error":"bad payload"}' });
    expect(await deliver(webhook(), alertEvent(), settings(), deps)).toMatchObject({ ok: false, status: 400, retryable: false, notificationResult: '{"error":"bad payload"}' });

    receiver.reply({ status: 429, body: '' });
    expect(await deliver(webhook(), alertEvent(), settings(), deps)).toMatchObject({ ok: false, status: 429, retryable: true, notificationResult: 'HTTP 429 Too Many Requests' });

    const refused = await deliver(webhook({ url: `http://127.0.0.1:${await closedPort()}/x` }), alertEvent(), settings(), deps);
    expect(refused).toMatchObject({ ok: false, retryable: true });
    expect(refused.error).toContain('ECONNREFUSED');

    receiver.reply('hang');
    const slow = await deliver(webhook(), alertEvent(), settings({ timeoutMs: 250 }), deps);
    expect(slow).toEqual({ ok: false, notificationResult: 'Timed out after 250 ms', retryable: true, error: 'Timed out after 250 ms' });
  });

  it('trims a long response body to 1,000 characters', async () => {
    receiver.reply({ status: 200, body: 'x'.repeat(5000) });
    const result = await deliver(webhook(), alertEvent(), settings(), deps);
    expect(result.ok).toBe(true);
    expect(result.notificationResult).toHaveLength(1000);
    expect(result.notificationResult.endsWith('…')).toBe(true);
  });

  it('refuses a URL that renders to no valid URL, without retrying', async () => {
    // The channel schema rejects a variable in the host; a stored or future config may still hold one.
    const channel = { type: 'WEBHOOK' as const, config: { url: 'http://{{CHECK_NAME}}/x' } };
    const result = await deliver(channel, alertEvent(), settings(), deps);
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(result.error).toContain('Invalid webhook URL');
  });
});
