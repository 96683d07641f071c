import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { addMemberWithKey } from './helpers';

describe('PUT /v1/accounts/me/plan', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('limits check creation (402 over the limit) and null makes it unlimited again', async () => {
    const set = await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: 1 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: server.backend.accountId, maxChecks: 1 });
    expect((await server.api('GET', '/v1/accounts/me')).body.maxChecks).toBe(1);

    expect((await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'first' }))).status).toBe(201);
    const over = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'second' }));
    expect(over.status).toBe(402);
    expect(over.body).toMatchObject({ statusCode: 402, error: 'Payment Required' });
    expect(typeof over.body.message).toBe('string');
    expect(over.body.attributes).toMatchObject({ limit: 1 });
    expect((await server.api('GET', '/v1/checks')).body).toHaveLength(1);

    const unlimited = await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: null });
    expect(unlimited.status).toBe(200);
    expect(unlimited.body.maxChecks).toBeNull();
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'second' }))).status).toBe(201);
  });

  it('0 allows no new checks at all', async () => {
    expect((await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: 0 })).status).toBe(200);
    expect((await server.api('POST', '/v1/checks/icmp', icmpBody())).status).toBe(402);
    expect((await server.api('PUT', '/v1/accounts/me/plan', { maxChecks: null })).status).toBe(200);
  });

  it.each([
    ['a negative number', { maxChecks: -1 }],
    ['a fraction', { maxChecks: 1.5 }],
    ['a string', { maxChecks: '5' }],
    ['no maxChecks', {}],
  ])('answers 400 naming maxChecks for %s and keeps the plan', async (_label, body) => {
    const res = await server.api('PUT', '/v1/accounts/me/plan', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
    expect(res.body.message).toContain('maxChecks');
    expect((await server.api('GET', '/v1/accounts/me')).body.maxChecks).toBeNull();
  });

  it('only ADMIN and OWNER keys may set it', async () => {
    const admin = await addMemberWithKey(server, 'ADMIN');
    expect((await admin.api('PUT', '/v1/accounts/me/plan', { maxChecks: 50 })).body.maxChecks).toBe(50);
    for (const role of ['READ_WRITE', 'READ_RUN', 'READ_ONLY'] as const) {
      const member = await addMemberWithKey(server, role);
      const res = await member.api('PUT', '/v1/accounts/me/plan', { maxChecks: 5 });
      expect(res.status, role).toBe(403);
    }
    expect((await server.api('GET', '/v1/accounts/me')).body.maxChecks).toBe(50);
  });
});
