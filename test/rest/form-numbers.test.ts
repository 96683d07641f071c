import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

describe('numbers out of range are refused, never clamped', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a group with concurrency 0 naming concurrency and stores nothing', async () => {
    const res = await server.api('POST', '/v2/check-groups', { name: 'Zero at once', concurrency: 0 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('concurrency: must be 1 or more');
    expect((await server.api('GET', '/v1/check-groups')).body).toEqual([]);
  });

  it('refuses a negative plan limit and leaves creates allowed', async () => {
    const res = await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: -5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('maxChecks: must be 0 or more');
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody())).status).toBe(201);
  });

  it('words a missing or empty name the way a person would', async () => {
    expect((await server.api('POST', '/v1/checks/icmp', { request: { hostname: '127.0.0.1' } })).body.message).toBe('name: is required');
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody({ name: '' }))).body.message).toBe('name: must not be empty');
    expect((await server.api('POST', '/v2/check-groups', { name: '' })).body.message).toBe('name: must not be empty');
  });
});
