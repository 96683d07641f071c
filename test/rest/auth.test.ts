import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, makeApi, startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';

const BAD_TOKEN = { statusCode: 401, error: 'Unauthorized', message: 'Bad Token' };
const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'Forbidden' };

describe('REST authentication', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the account behind a valid key', async () => {
    const res = await server.api('GET', '/v1/accounts/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: server.backend.accountId, maxChecks: null });
    expect(typeof res.body.name).toBe('string');
  });

  it('accepts the scheme name in any case', async () => {
    const res = await server.api('GET', '/v1/accounts/me', undefined, { authorization: `bearer ${server.key}` });
    expect(res.status).toBe(200);
  });

  it.each<[string, (key: string) => Record<string, string>]>([
    ['no Authorization header', () => ({})],
    ['an unknown key', () => ({ authorization: 'Bearer sl_not_a_real_key_at_all' })],
    ['the key without the Bearer scheme', (key) => ({ authorization: key })],
    ['Basic credentials', () => ({ authorization: 'Basic dXNlcjpwYXNz' })],
    ['an empty Bearer value', () => ({ authorization: 'Bearer ' })],
    ['the key with one character changed', (key) => ({ authorization: `Bearer ${key.slice(0, -1)}X` })],
  ])('rejects %s with 401 Bad Token', async (_label, headersFor) => {
    const res = await makeApi(server.url, null)('GET', '/v1/accounts/me', undefined, headersFor(server.key));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(BAD_TOKEN);
  });

  it('rejects every check route without a key', async () => {
    const api = makeApi(server.url, null);
    const id = randomUUID();
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/checks'],
      ['GET', `/v1/checks/${id}`],
      ['DELETE', `/v1/checks/${id}`],
      ['POST', '/v1/checks/icmp', icmpBody()],
      ['PUT', `/v1/checks/icmp/${id}`, { name: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual(BAD_TOKEN);
    }
  });

  it('checks the key before looking at the body', async () => {
    const api = makeApi(server.url, 'sl_wrong');
    const invalid = await api('POST', '/v1/checks/icmp', { name: '' });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual(BAD_TOKEN);
    const notJson = await api('POST', '/v1/checks/icmp', '{not json');
    expect(notJson.status).toBe(401);
    expect(notJson.body).toEqual(BAD_TOKEN);
  });

  it('creates nothing when the key is rejected', async () => {
    const api = makeApi(server.url, 'sl_wrong');
    await api('POST', '/v1/checks/icmp', icmpBody({ name: 'should not exist' }));
    const list = await server.api('GET', '/v1/checks?search=should%20not%20exist');
    expect(list.body).toEqual([]);
  });

  it.each(['x-service-account', 'x-checkly-account'])('accepts %s naming the key’s own account', async (header) => {
    const res = await server.api('GET', '/v1/accounts/me', undefined, { [header]: server.backend.accountId });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(server.backend.accountId);
  });

  it.each(['x-service-account', 'x-checkly-account'])('answers 403 when %s names another account', async (header) => {
    const other = randomUUID();
    const me = await server.api('GET', '/v1/accounts/me', undefined, { [header]: other });
    expect(me.status).toBe(403);
    expect(me.body).toEqual(FORBIDDEN);
    const create = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'forbidden create' }), { [header]: other });
    expect(create.status).toBe(403);
    expect(create.body).toEqual(FORBIDDEN);
    const list = await server.api('GET', '/v1/checks?search=forbidden%20create');
    expect(list.body).toEqual([]);
  });

  it('answers 401, not 403, for a bad key with an account header', async () => {
    const api = makeApi(server.url, 'sl_wrong');
    const res = await api('GET', '/v1/accounts/me', undefined, { 'x-service-account': randomUUID() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(BAD_TOKEN);
  });

  it('answers 404 with the error body for an unknown route', async () => {
    for (const path of ['/v1/nothing-here', '/v1/checks/icmp/extra/segments', '/nope']) {
      const res = await server.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });
});

describe('REST rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 3 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with attributes and retry-after once a key spends its budget', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await server.api('GET', '/v1/checks')).status).toBe(200);
    }
    const res = await server.api('GET', '/v1/checks');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', attributes: { limit: 3, remaining: 0 } });
    expect(res.body.message).toMatch(/Rate limit exceeded/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
