import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

describe('/v1/private-locations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates a location with a first key shown once, lists, reads and updates it', async () => {
    const created = await server.api('POST', '/v1/private-locations', { name: 'Office LAN', slugName: 'office-lan' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Office LAN', slugName: 'office-lan', icon: 'location', proxyUrl: null, updated_at: null, lastSeen: null, agentCount: 0, runningAgents: [] });
    expect(created.body.keys).toHaveLength(1);
    const [key] = created.body.keys;
    expect(key.rawKey).toMatch(/^pl_[A-Za-z0-9_-]{40}$/);
    expect(key.maskedKey).toBe(`...${key.rawKey.slice(-4)}`);
    const id = created.body.id as string;

    const read = await server.api('GET', `/v1/private-locations/${id}`);
    expect(read.status).toBe(200);
    // Stored hashed: later reads show the masked key in rawKey too (the public schema requires the member).
    expect(read.body.keys).toEqual([{ id: key.id, rawKey: key.maskedKey, maskedKey: key.maskedKey, created_at: key.created_at, updated_at: null }]);
    expect(read.text).not.toContain(key.rawKey);

    const listed = await server.api('GET', '/v1/private-locations');
    expect(listed.status).toBe(200);
    expect(listed.body.map((l: { id: string }) => l.id)).toContain(id);

    const updated = await server.api('PUT', `/v1/private-locations/${id}`, { name: 'Office', icon: 'office', slugName: 'ignored' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Office', icon: 'office', slugName: 'office-lan' });
    expect(updated.body.updated_at).not.toBeNull();

    const missingName = await server.api('PUT', `/v1/private-locations/${id}`, { icon: 'x' });
    expect(missingName.status).toBe(400);
    expect(missingName.body.message).toContain('name');
  });

  it('rejects bad, reserved and duplicate slugs', async () => {
    const region = await server.api('POST', '/v1/private-locations', { name: 'Looks like AWS', slugName: 'eu-west-1' });
    expect(region.status).toBe(400);
    expect(region.body.message).toContain('slugName');
    const local = await server.api('POST', '/v1/private-locations', { name: 'Local', slugName: 'local' });
    expect(local.status).toBe(400);
    expect(local.body.message).toContain('reserved');
    const spaces = await server.api('POST', '/v1/private-locations', { name: 'Spaces', slugName: 'has spaces' });
    expect(spaces.status).toBe(400);
    const tooLong = await server.api('POST', '/v1/private-locations', { name: 'Long', slugName: 'a'.repeat(31) });
    expect(tooLong.status).toBe(400);
    const noName = await server.api('POST', '/v1/private-locations', { slugName: 'no-name' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('name');

    expect((await server.api('POST', '/v1/private-locations', { name: 'A', slugName: 'dup' })).status).toBe(201);
    const duplicate = await server.api('POST', '/v1/private-locations', { name: 'B', slugName: 'DUP' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
  });

  it('adds and removes keys; a removed key no longer authenticates an agent', async () => {
    const created = await server.api('POST', '/v1/private-locations', { name: 'Keys', slugName: 'keys' });
    const id = created.body.id as string;
    const added = await server.api('POST', `/v1/private-locations/${id}/keys`);
    expect(added.status).toBe(201);
    expect(added.body.rawKey).toMatch(/^pl_/);

    const register = (key: string) => server.api('POST', '/v1/agent/register', {}, { authorization: `Bearer ${key}` });
    expect((await register(added.body.rawKey)).status).toBe(201);

    expect((await server.api('DELETE', `/v1/private-locations/${id}/keys/${added.body.id}`)).status).toBe(204);
    const refused = await register(added.body.rawKey);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((await server.api('DELETE', `/v1/private-locations/${id}/keys/${added.body.id}`)).status).toBe(404);
    expect((await server.api('GET', `/v1/private-locations/${id}`)).body.keys).toHaveLength(1);
  });

  it('an API key is not an agent key, and an agent key is not an API key', async () => {
    expect((await server.api('POST', '/v1/agent/register', {})).status).toBe(401);
    const created = await server.api('POST', '/v1/private-locations', { name: 'Separate', slugName: 'separate' });
    const agentKey = created.body.keys[0].rawKey as string;
    expect((await server.api('GET', '/v1/checks', undefined, { authorization: `Bearer ${agentKey}` })).status).toBe(401);
  });

  it('deleting a location still used by a check answers 409; unused, 204 and then 404', async () => {
    const created = await server.api('POST', '/v1/private-locations', { name: 'Used', slugName: 'used' });
    const id = created.body.id as string;
    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ privateLocations: ['used'] }));
    expect(check.status).toBe(201);
    const refused = await server.api('DELETE', `/v1/private-locations/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 check(s)');
    expect((await server.api('DELETE', `/v1/checks/${check.body.id}`)).status).toBe(204);
    expect((await server.api('DELETE', `/v1/private-locations/${id}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/private-locations/${id}`)).status).toBe(404);
  });

  it('documents the private-location routes in /openapi.json, not the internal agent API', async () => {
    const doc = await server.api('GET', '/openapi.json');
    expect(doc.body.paths['/v1/private-locations'].post).toBeDefined();
    expect(doc.body.paths['/v1/private-locations/{id}/keys/{keyId}'].delete).toBeDefined();
    // The agents' own protocol is internal: not in the public API description.
    expect(doc.body.paths['/v1/agent/jobs/lease']).toBeUndefined();
  });
});
