import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhoneConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { alertEvent, deps, settings } from './fixtures';
import { startHttpReceiver, type HttpReceiver } from './receivers';

let gateway: HttpReceiver;
beforeEach(async () => {
  gateway = await startHttpReceiver();
  gateway.reply({ status: 201, body: '{"sid":"SM123","status":"queued"}' });
});
afterEach(async () => {
  await gateway.close();
});

const phone = PhoneConfig.parse({ name: 'On call', number: '+31612345678' });
const gatewaySettings = () => settings({ baseUrls: { twilio: `${gateway.url}/twilio` }, twilio: { accountSid: 'AC0001', authToken: 'tok', from: '+15005550006' } });
const basicAuth = `Basic ${Buffer.from('AC0001:tok').toString('base64')}`;

describe('SMS and CALL delivery through a Twilio-compatible gateway', () => {
  it('sends an SMS as a form with basic auth', async () => {
    const result = await deliver({ type: 'SMS', config: phone }, alertEvent(), gatewaySettings(), deps);

    expect(result).toMatchObject({ ok: true, status: 201, notificationResult: '{"sid":"SM123","status":"queued"}' });
    const request = gateway.requests[0];
    expect([request.method, request.path, request.headers.authorization]).toEqual(['POST', '/twilio/2010-04-01/Accounts/AC0001/Messages.json', basicAuth]);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request.body);
    expect(form.get('To')).toBe('+31612345678');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toBe(
      '[Sightline] Check "Home page" has failed (eu-west-1, 1234 ms, 100% packet loss) http://console.test:4310/#/monitors/6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10/results/a2b4c6d8-0000-4000-8000-000000000001',
    );
  });

  it('places a call that reads the alert out, with the number made E.164', async () => {
    const config = PhoneConfig.parse({ name: 'On call', number: '31612345678' });
    const result = await deliver({ type: 'CALL', config }, alertEvent({ errorMessage: 'status <503> & "down"' }), gatewaySettings(), deps);

    expect(result.ok).toBe(true);
    const request = gateway.requests[0];
    expect([request.path, request.headers.authorization]).toEqual(['/twilio/2010-04-01/Accounts/AC0001/Calls.json', basicAuth]);
    const form = new URLSearchParams(request.body);
    expect(form.get('To')).toBe('+31612345678');
    const say = '<Say>Sightline alert. Check &quot;Home page&quot; has failed. Location: eu-west-1. Error: status &lt;503&gt; &amp; &quot;down&quot;.</Say>';
    expect(form.get('Twiml')).toBe(`<Response>${say}<Pause length="1"/>${say}</Response>`);
  });

  it('retries when the gateway fails and sends nothing when it is not configured', async () => {
    gateway.reply({ status: 503, body: 'maintenance' });
    expect(await deliver({ type: 'SMS', config: phone }, alertEvent(), gatewaySettings(), deps)).toMatchObject({ ok: false, status: 503, retryable: true });

    const unconfigured = await deliver({ type: 'SMS', config: phone }, alertEvent(), settings({ baseUrls: { twilio: gateway.url } }), deps);
    expect(unconfigured).toMatchObject({ ok: false, retryable: false });
    expect(unconfigured.error).toContain('not configured');
    expect(gateway.requests).toHaveLength(1);
  });
});
