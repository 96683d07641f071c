import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { CHANNEL_DEFAULTS, CHANNEL_TYPES, channelBody, STORED_CONFIGS } from './fixtures';

const START = '2026-04-01T09:00:00.000Z';

describe('alert channels: create, read, update, delete', () => {
  let server: TestServer;
  const clock = new ManualClock(START);

  beforeAll(async () => {
    server = await startServer({ clock });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function create(body: Record<string, unknown>) {
    const res = await server.api('POST', '/v1/alert-channels', body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  it.each(CHANNEL_TYPES)('creates a %s channel with 201, an integer id and every default', async (type) => {
    clock.set(START);
    const channel = await create(channelBody(type));
    expect(Number.isInteger(channel.id)).toBe(true);
    expect(channel.id).toBeGreaterThan(0);
    expect(channel).toEqual({ id: channel.id, type, config: STORED_CONFIGS[type], ...CHANNEL_DEFAULTS, created_at: START, updated_at: null });
  });

  it('keeps every member it is given', async () => {
    const channel = await create({
      type: 'WEBHOOK',
      config: {
        name: 'Full',
        url: 'https://example.com/hook?x=1',
        method: 'PUT',
        headers: [{ key: 'X-Token', value: 'abc' }],
        queryParameters: [{ key: 'q', value: '1', locked: true }],
        template: '{"t":"{{ALERT_TITLE}}"}',
        webhookSecret: 's3cret',
        webhookType: 'WEBHOOK_MSTEAMS',
      },
      sendRecovery: false,
      sendFailure: false,
      sendDegraded: true,
      sslExpiry: true,
      sslExpiryThreshold: 7,
      autoSubscribe: true,
    });
    expect(channel).toMatchObject({
      config: {
        name: 'Full',
        url: 'https://example.com/hook?x=1',
        method: 'PUT',
        // Credentials are write-only: a credential-named or locked value reads as the mask, the secret as "set".
        headers: [{ key: 'X-Token', value: '*****', locked: false }],
        queryParameters: [{ key: 'q', value: '*****', locked: true }],
        template: '{"t":"{{ALERT_TITLE}}"}',
        webhookSecretSet: true,
        webhookType: 'WEBHOOK_MSTEAMS',
      },
      sendRecovery: false,
      sendFailure: false,
      sendDegraded: true,
      sslExpiry: true,
      sslExpiryThreshold: 7,
      autoSubscribe: true,
    });
  });

  it('drops config members that do not belong to the type', async () => {
    const channel = await create({ type: 'EMAIL', config: { address: 'a@example.com', url: 'https://example.com' } });
    expect(channel.config).toEqual({ address: 'a@example.com' });
  });

  it('GET /v1/alert-channels/{id} returns what create returned', async () => {
    const channel = await create(channelBody('SLACK', { sendDegraded: true }));
    const res = await server.api('GET', `/v1/alert-channels/${channel.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(channel);
  });

  it.each(['999999', 'abc', '1.5', '-1', '0', '01', '1e3', '99999999999999999999'])('GET, PUT and DELETE of id %s answer 404', async (id) => {
    expect(await server.api('GET', `/v1/alert-channels/${id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await server.api('PUT', `/v1/alert-channels/${id}`, channelBody())).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await server.api('DELETE', `/v1/alert-channels/${id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await server.api('PUT', `/v1/alert-channels/${id}/subscriptions`, { groupId: 1, activated: true })).toMatchObject({ status: 404 });
  });

  it('PUT replaces type and config, keeps the members it does not name, and sets updated_at', async () => {
    clock.set(START);
    const channel = await create(channelBody('EMAIL', { sendDegraded: true, sslExpiryThreshold: 12, autoSubscribe: true }));
    clock.set('2026-04-02T10:00:00.000Z');
    const res = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'PAGERDUTY', config: { serviceKey: 'k2', serviceName: 'API' }, sendFailure: false });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ...channel,
      type: 'PAGERDUTY',
      config: { serviceKeySet: true, account: null, serviceName: 'API' },
      sendFailure: false,
      updated_at: '2026-04-02T10:00:00.000Z',
    });
    expect((await server.api('GET', `/v1/alert-channels/${channel.id}`)).body).toEqual(res.body);
  });

  it('PUT replaces the config whole, filling defaults again', async () => {
    const channel = await create({ type: 'WEBHOOK', config: { name: 'W', url: 'https://example.com', method: 'GET', template: 'x' } });
    const res = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'WEBHOOK', config: { name: 'W2', url: 'https://example.com/2' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.config).toEqual({ ...STORED_CONFIGS.WEBHOOK, name: 'W2', url: 'https://example.com/2' });
  });

  it('PUT requires type and config (spec 4.6)', async () => {
    const channel = await create(channelBody());
    const noType = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { config: { address: 'b@example.com' } });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toMatch(/^type: /);
    const noConfig = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'EMAIL', sendDegraded: true });
    expect(noConfig).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Bad Request' } });
    expect(noConfig.body.message).toMatch(/^config: /);
    expect((await server.api('GET', `/v1/alert-channels/${channel.id}`)).body).toEqual(channel);
  });

  it('DELETE answers 204 with no body, then the channel is gone', async () => {
    const channel = await create(channelBody('SMS'));
    const res = await server.api('DELETE', `/v1/alert-channels/${channel.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await server.api('GET', `/v1/alert-channels/${channel.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await server.api('DELETE', `/v1/alert-channels/${channel.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it('/openapi.json describes every alert channel route with its success status and an integer id', async () => {
    const paths = (await server.api('GET', '/openapi.json')).body.paths;
    const successOf = (path: string, method: string) => Object.keys(paths[path][method].responses).filter((code) => code.startsWith('2'));
    expect(successOf('/v1/alert-channels', 'get')).toEqual(['200']);
    expect(successOf('/v1/alert-channels', 'post')).toEqual(['201']);
    expect(successOf('/v1/alert-channels/{id}', 'get')).toEqual(['200']);
    expect(successOf('/v1/alert-channels/{id}', 'put')).toEqual(['200']);
    expect(successOf('/v1/alert-channels/{id}', 'delete')).toEqual(['204']);
    expect(successOf('/v1/alert-channels/{id}/subscriptions', 'put')).toEqual(['200']);
    expect(paths['/v1/alert-channels/{id}'].put.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', schema: expect.objectContaining({ type: 'integer' }) }));
    const types = paths['/v1/alert-channels'].post.requestBody.content['application/json'].schema.oneOf.map((o: { properties: { type: { enum: string[] } } }) => o.properties.type.enum[0]);
    expect(types).toEqual(['EMAIL', 'SLACK', 'SLACK_APP', 'WEBHOOK', 'SMS', 'PAGERDUTY', 'OPSGENIE', 'CALL']);
  });

  it('requires a key on every route', async () => {
    const none = { authorization: '' };
    for (const [method, path, body] of [
      ['GET', '/v1/alert-channels', undefined],
      ['POST', '/v1/alert-channels', channelBody()],
      ['GET', '/v1/alert-channels/1', undefined],
      ['PUT', '/v1/alert-channels/1', channelBody()],
      ['DELETE', '/v1/alert-channels/1', undefined],
      ['PUT', '/v1/alert-channels/1/subscriptions', { groupId: 1, activated: true }],
    ] as const) {
      const res = await server.api(method, path, body, none);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });
});

describe('alert channel routes under the rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 2 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with the error body, attributes and retry-after once the key is over its limit', async () => {
    expect((await server.api('POST', '/v1/alert-channels', channelBody())).status).toBe(201);
    expect((await server.api('GET', '/v1/alert-channels')).status).toBe(200);
    const res = await server.api('PUT', '/v1/alert-channels/1', channelBody());
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.any(String), attributes: expect.any(Object) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
