import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { channelBody, MINIMAL_CONFIGS, type ChannelType } from './fixtures';

interface Case {
  name: string;
  body: Record<string, unknown>;
  /** The field the 400 message must start with; absent when the body is accepted. */
  field?: string;
}

function withConfig(type: ChannelType, config: Record<string, unknown>, rest: Record<string, unknown> = {}): Record<string, unknown> {
  return { type, config: { ...MINIMAL_CONFIGS[type], ...config }, ...rest };
}

function without(type: ChannelType, member: string): Record<string, unknown> {
  const config: Record<string, unknown> = { ...MINIMAL_CONFIGS[type] };
  delete config[member];
  return { type, config };
}

const CASES: Case[] = [
  { name: 'type missing', body: { config: { address: 'a@example.com' } }, field: 'type' },
  { name: 'type unknown', body: { type: 'PIGEON', config: {} }, field: 'type' },
  { name: 'type lower case', body: { type: 'email', config: { address: 'a@example.com' } }, field: 'type' },
  { name: 'config missing', body: { type: 'EMAIL' }, field: 'config' },
  { name: 'config not an object', body: { type: 'EMAIL', config: 'a@example.com' }, field: 'config' },
  { name: 'sslExpiryThreshold 0', body: channelBody('EMAIL', { sslExpiryThreshold: 0 }), field: 'sslExpiryThreshold' },
  { name: 'sslExpiryThreshold 1', body: channelBody('EMAIL', { sslExpiryThreshold: 1 }) },
  { name: 'sslExpiryThreshold 30', body: channelBody('EMAIL', { sslExpiryThreshold: 30 }) },
  { name: 'sslExpiryThreshold 31', body: channelBody('EMAIL', { sslExpiryThreshold: 31 }), field: 'sslExpiryThreshold' },
  { name: 'sslExpiryThreshold 1.5', body: channelBody('EMAIL', { sslExpiryThreshold: 1.5 }), field: 'sslExpiryThreshold' },
  { name: 'sendRecovery as string', body: channelBody('EMAIL', { sendRecovery: 'yes' }), field: 'sendRecovery' },
  { name: 'autoSubscribe null', body: channelBody('EMAIL', { autoSubscribe: null }), field: 'autoSubscribe' },
  // EMAIL
  { name: 'EMAIL address missing', body: without('EMAIL', 'address'), field: 'config.address' },
  { name: 'EMAIL address without @', body: withConfig('EMAIL', { address: 'ops.example.com' }), field: 'config.address' },
  { name: 'EMAIL address without domain', body: withConfig('EMAIL', { address: 'ops@' }), field: 'config.address' },
  // SLACK
  { name: 'SLACK url missing', body: without('SLACK', 'url'), field: 'config.url' },
  { name: 'SLACK url not a URL', body: withConfig('SLACK', { url: 'hooks.slack.com' }), field: 'config.url' },
  { name: 'SLACK url ftp', body: withConfig('SLACK', { url: 'ftp://hooks.slack.com/x' }), field: 'config.url' },
  { name: 'SLACK url http', body: withConfig('SLACK', { url: 'http://127.0.0.1:8080/slack', channel: '#ops' }) },
  // SLACK_APP
  { name: 'SLACK_APP no channels', body: withConfig('SLACK_APP', { slackChannels: [] }), field: 'config.slackChannels' },
  { name: 'SLACK_APP empty channel name', body: withConfig('SLACK_APP', { slackChannels: [''] }), field: 'config.slackChannels[0]' },
  // WEBHOOK
  { name: 'WEBHOOK name missing', body: without('WEBHOOK', 'name'), field: 'config.name' },
  { name: 'WEBHOOK name empty', body: withConfig('WEBHOOK', { name: '' }), field: 'config.name' },
  { name: 'WEBHOOK url bad', body: withConfig('WEBHOOK', { url: 'not a url' }), field: 'config.url' },
  { name: 'WEBHOOK method TRACE', body: withConfig('WEBHOOK', { method: 'TRACE' }), field: 'config.method' },
  { name: 'WEBHOOK method HEAD', body: withConfig('WEBHOOK', { method: 'HEAD' }) },
  { name: 'WEBHOOK header without key', body: withConfig('WEBHOOK', { headers: [{ key: '', value: 'x' }] }), field: 'config.headers[0].key' },
  { name: 'WEBHOOK query parameter without value', body: withConfig('WEBHOOK', { queryParameters: [{ key: 'k' }] }), field: 'config.queryParameters[0].value' },
  { name: 'WEBHOOK unknown webhookType', body: withConfig('WEBHOOK', { webhookType: 'WEBHOOK_CARRIER_PIGEON' }), field: 'config.webhookType' },
  { name: 'WEBHOOK telegram type', body: withConfig('WEBHOOK', { webhookType: 'WEBHOOK_TELEGRAM' }) },
  // SMS and CALL
  { name: 'SMS number missing', body: without('SMS', 'number'), field: 'config.number' },
  { name: 'SMS name missing', body: without('SMS', 'name'), field: 'config.name' },
  { name: 'SMS number with letters', body: withConfig('SMS', { number: '+1415CALLME' }), field: 'config.number' },
  { name: 'SMS number 6 digits', body: withConfig('SMS', { number: '+123456' }), field: 'config.number' },
  { name: 'SMS number 7 digits', body: withConfig('SMS', { number: '+1234567' }) },
  { name: 'SMS number 15 digits', body: withConfig('SMS', { number: '123456789012345' }) },
  { name: 'SMS number 16 digits', body: withConfig('SMS', { number: '+1234567890123456' }), field: 'config.number' },
  { name: 'SMS number leading zero', body: withConfig('SMS', { number: '+0123456789' }), field: 'config.number' },
  { name: 'CALL number bad', body: withConfig('CALL', { number: '555-0123' }), field: 'config.number' },
  { name: 'CALL name empty', body: withConfig('CALL', { name: '' }), field: 'config.name' },
  // PAGERDUTY
  { name: 'PAGERDUTY serviceKey missing', body: without('PAGERDUTY', 'serviceKey'), field: 'config.serviceKey' },
  { name: 'PAGERDUTY serviceKey empty', body: withConfig('PAGERDUTY', { serviceKey: '' }), field: 'config.serviceKey' },
  { name: 'PAGERDUTY account given', body: withConfig('PAGERDUTY', { account: 'acme', serviceName: 'API' }) },
  // OPSGENIE
  { name: 'OPSGENIE apiKey missing', body: without('OPSGENIE', 'apiKey'), field: 'config.apiKey' },
  { name: 'OPSGENIE region APAC', body: withConfig('OPSGENIE', { region: 'APAC' }), field: 'config.region' },
  { name: 'OPSGENIE region US', body: withConfig('OPSGENIE', { region: 'US' }) },
  { name: 'OPSGENIE priority P0', body: withConfig('OPSGENIE', { priority: 'P0' }), field: 'config.priority' },
  { name: 'OPSGENIE priority P1', body: withConfig('OPSGENIE', { priority: 'P1' }) },
  { name: 'OPSGENIE priority P5', body: withConfig('OPSGENIE', { priority: 'P5' }) },
  { name: 'OPSGENIE priority P6', body: withConfig('OPSGENIE', { priority: 'P6' }), field: 'config.priority' },
  // a config of another type
  { name: 'EMAIL type with a SLACK config', body: { type: 'EMAIL', config: MINIMAL_CONFIGS.SLACK }, field: 'config.address' },
  // subscriptions, checked before any lookup
  { name: 'subscription with neither checkId nor groupId', body: channelBody('EMAIL', { subscriptions: [{ activated: true }] }), field: 'subscriptions[0].checkId' },
  {
    name: 'subscription with both checkId and groupId',
    body: channelBody('EMAIL', { subscriptions: [{ checkId: '6f1c7c1e-0a4e-4a53-9b0b-1b2f3c4d5e6f', groupId: 1, activated: true }] }),
    field: 'subscriptions[0].groupId',
  },
  { name: 'subscription checkId not a uuid', body: channelBody('EMAIL', { subscriptions: [{ checkId: 'abc', activated: true }] }), field: 'subscriptions[0].checkId' },
  { name: 'subscription groupId 0', body: channelBody('EMAIL', { subscriptions: [{ groupId: 0, activated: true }] }), field: 'subscriptions[0].groupId' },
  { name: 'subscription without activated', body: channelBody('EMAIL', { subscriptions: [{ groupId: 1 }] }), field: 'subscriptions[0].activated' },
];

describe('alert channel body validation (POST and PUT)', () => {
  let server: TestServer;
  let existingId: number;

  beforeAll(async () => {
    server = await startServer();
    const res = await server.api('POST', '/v1/alert-channels', channelBody('EMAIL'));
    existingId = res.body.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const method of ['POST', 'PUT'] as const) {
    it.each(CASES)(`${method}: $name`, async ({ body, field }) => {
      const path = method === 'POST' ? '/v1/alert-channels' : `/v1/alert-channels/${existingId}`;
      const before = (await server.api('GET', `/v1/alert-channels/${existingId}`)).body;
      const res = await server.api(method, path, body);
      if (field === undefined) {
        expect(res.status, res.text).toBe(method === 'POST' ? 201 : 200);
        return;
      }
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
      expect(res.body.message.startsWith(`${field}: `), res.body.message).toBe(true);
      expect((await server.api('GET', `/v1/alert-channels/${existingId}`)).body).toEqual(before);
    });
  }

  it('rejects a body that is not JSON and an empty body', async () => {
    const bad = await server.api('POST', '/v1/alert-channels', '{"type":', { 'content-type': 'application/json' });
    expect(bad).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    const empty = await server.api('POST', '/v1/alert-channels', '', { 'content-type': 'application/json' });
    expect(empty).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
  });
});
