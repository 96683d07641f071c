import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, startServer, type TestServer } from '../helpers/server';
import { addMemberWithKey } from './helpers';

describe('REST rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 5 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with the spec body, attributes and retry-after after the limit per key', async () => {
    const member = await addMemberWithKey(server, 'READ_ONLY');
    for (let i = 0; i < 5; i += 1) {
      const ok = await member.api('GET', '/v1/accounts/me');
      expect(ok.status).toBe(200);
    }
    const limited = await member.api('GET', '/v1/accounts/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/application\/json/);
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(limited.body.message).toMatch(/^Rate limit exceeded: 5 requests per 60 s per API key\. Retry in \d+ s\.$/);
    expect(limited.body.attributes).toEqual({ limit: 5, remaining: 0, retryAfterSeconds: expect.any(Number) });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.attributes.retryAfterSeconds).toBe(retryAfter);

    // Every route shares the budget of the key.
    expect((await member.api('GET', '/v1/checks')).status).toBe(429);
    expect((await member.api('GET', '/v1/accounts/me/members')).status).toBe(429);
  });

  it('counts each key on its own', async () => {
    const a = await addMemberWithKey(server, 'READ_ONLY');
    for (let i = 0; i < 5; i += 1) await a.api('GET', '/v1/checks');
    expect((await a.api('GET', '/v1/checks')).status).toBe(429);
    const b = await addMemberWithKey(server, 'READ_ONLY');
    expect((await b.api('GET', '/v1/checks')).status).toBe(200);
  });

  it('counts requests with invalid bodies', async () => {
    const a = await addMemberWithKey(server, 'READ_WRITE');
    for (let i = 0; i < 5; i += 1) expect((await a.api('POST', '/v1/checks/icmp', { name: '' })).status).toBe(400);
    expect((await a.api('POST', '/v1/checks/icmp', { name: '' })).status).toBe(429);
  });

  it('answers 401, not 429, for an unknown key', async () => {
    const api = makeApi(server.url, 'sl_unknown_key_for_rate_limit');
    for (let i = 0; i < 7; i += 1) expect((await api('GET', '/v1/accounts/me')).status).toBe(401);
  });
});

describe('REST rate limit key', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 5 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts one key once however its Authorization header is spelled', async () => {
    const a = await addMemberWithKey(server, 'READ_ONLY');
    const spellings = [`Bearer ${a.key}`, `bearer ${a.key}`, `BEARER ${a.key}`, `Bearer   ${a.key}`, `bEaReR ${a.key} `];
    for (const authorization of spellings) expect((await a.api('GET', '/v1/checks', undefined, { authorization })).status).toBe(200);
    const limited = await a.api('GET', '/v1/checks', undefined, { authorization: `bearer ${a.key}` });
    expect(limited.status).toBe(429);
    expect(limited.body.attributes).toMatchObject({ limit: 5, remaining: 0 });
    // The owner key (another key) still has its own budget.
    expect((await server.api('GET', '/v1/checks', undefined, { authorization: `bearer ${server.key}` })).status).toBe(200);
  });
});
