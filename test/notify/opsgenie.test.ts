import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpsgenieConfig } from '../../src-shared/schemas/alert-channel';
import { deliver } from '../../src-main/notify/deliver';
import { alertEvent, deps, settings } from './fixtures';
import { startHttpReceiver, type HttpReceiver } from './receivers';

let us: HttpReceiver;
let eu: HttpReceiver;
beforeEach(async () => {
  [us, eu] = await Promise.all([startHttpReceiver(), startHttpReceiver()]);
  for (const r of [us, eu]) r.reply({ status: 202, body: '{"result":"Request will be processed","took":0.1,"requestId":"r-1"}' });
});
afterEach(async () => {
  await Promise.all([us.close(), eu.close()]);
});

const opsgenie = (region: 'EU' | 'US') => ({ type: 'OPSGENIE' as const, config: OpsgenieConfig.parse({ name: 'Ops', apiKey: 'genie-key-1', region, priority: 'P2' }) });
const ogSettings = () => settings({ baseUrls: { opsgenieUs: us.url, opsgenieEu: eu.url } });

describe('OPSGENIE delivery (Alerts API v2)', () => {
  it('creates an alert on failure and closes it by alias on recovery', async () => {
    const created = await deliver(opsgenie('US'), alertEvent(), ogSettings(), deps);
    const closed = await deliver(opsgenie('US'), alertEvent({ alertType: 'ALERT_RECOVERY', notificationId: 'ntf_0002' }), ogSettings(), deps);

    expect(created).toMatchObject({ ok: true, status: 202 });
    expect(closed).toMatchObject({ ok: true, status: 202 });
    expect(eu.requests).toHaveLength(0);
    const [create, close] = us.requests;
    expect([create.method, create.path, create.headers.authorization]).toEqual(['POST', '/v2/alerts', 'GenieKey genie-key-1']);
    expect(JSON.parse(create.body)).toMatchObject({
      message: 'Check "Home page" has failed',
      alias: 'sightline-6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10',
      priority: 'P2',
      tags: ['production', 'web'],
      source: 'Sightline',
      details: { alertType: 'ALERT_FAILURE', runLocation: 'eu-west-1', responseTime: '1234', errorMessage: '100% packet loss' },
    });
    expect((JSON.parse(create.body) as { description: string }).description).toContain('Error: 100% packet loss');
    expect([close.method, close.path, close.query.get('identifierType'), close.headers.authorization]).toEqual([
      'POST',
      '/v2/alerts/sightline-6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10/close',
      'alias',
      'GenieKey genie-key-1',
    ]);
    expect(JSON.parse(close.body)).toMatchObject({ source: 'Sightline' });
  });

  it('uses the EU base for an EU channel', async () => {
    const result = await deliver(opsgenie('EU'), alertEvent({ alertType: 'ALERT_DEGRADED' }), ogSettings(), deps);
    expect(result.ok).toBe(true);
    expect(us.requests).toHaveLength(0);
    expect(eu.requests.map((r) => r.path)).toEqual(['/v2/alerts']);
  });

  it('does not retry a rejected API key', async () => {
    us.reply({ status: 401, body: '{"message":"Key format is not valid!"}' });
    const result = await deliver(opsgenie('US'), alertEvent(), ogSettings(), deps);
    expect(result).toMatchObject({ ok: false, status: 401, retryable: false, notificationResult: '{"message":"Key format is not valid!"}' });
  });
});
