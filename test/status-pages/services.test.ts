import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { createIncident, createService, ISO, UUID } from './fixtures';

describe('status page services', () => {
  let server: TestServer;
  const clock = new ManualClock('2026-04-01T10:00:00.000Z');

  beforeAll(async () => {
    server = await startServer({ clock });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates with 201 and answers the service shape', async () => {
    const res = await server.api('POST', '/v1/status-pages/services', { name: 'Checkout' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: 'Checkout', id: expect.stringMatching(UUID), accountId: server.backend.accountId, created_at: '2026-04-01T10:00:00.000Z', updated_at: null });
    expect((await server.api('GET', `/v1/status-pages/services/${res.body.id}`)).body).toEqual(res.body);
  });

  it('accepts a name of 255 characters and rejects 256, empty, blank, missing and non-string names', async () => {
    expect((await server.api('POST', '/v1/status-pages/services', { name: 'n'.repeat(255) })).status).toBe(201);
    for (const body of [{ name: 'n'.repeat(256) }, { name: '' }, { name: '   ' }, {}, { name: 7 }, { name: null }]) {
      const res = await server.api('POST', '/v1/status-pages/services', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('name') });
    }
  });

  it('renames with PUT (200, updated_at set) and a rejected PUT changes nothing', async () => {
    const service = await createService(server, 'Old name');
    clock.advance(60_000);
    const res = await server.api('PUT', `/v1/status-pages/services/${service.id}`, { name: 'New name' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...service, name: 'New name', updated_at: expect.stringMatching(ISO) });
    expect(res.body.updated_at).not.toBe(service.created_at);

    const bad = await server.api('PUT', `/v1/status-pages/services/${service.id}`, { name: 'x'.repeat(256) });
    expect(bad.status).toBe(400);
    expect((await server.api('GET', `/v1/status-pages/services/${service.id}`)).body).toEqual(res.body);
  });

  it('answers 404 for unknown ids on GET, PUT and DELETE, whatever their shape', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await server.api('GET', `/v1/status-pages/services/${id}`)).body).toEqual(NOT_FOUND);
      expect((await server.api('PUT', `/v1/status-pages/services/${id}`, { name: 'x' })).status).toBe(404);
      expect((await server.api('DELETE', `/v1/status-pages/services/${id}`)).status).toBe(404);
    }
  });

  it('deletes with 204; incidents that named it keep their other services', async () => {
    const gone = await createService(server, 'Gone');
    const kept = await createService(server, 'Kept');
    const incident = await createIncident(server, [gone.id, kept.id]);
    const res = await server.api('DELETE', `/v1/status-pages/services/${gone.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await server.api('GET', `/v1/status-pages/services/${gone.id}`)).status).toBe(404);
    const after = await server.api('GET', `/v1/status-pages/incidents/${incident.id}`);
    expect(after.body.services).toEqual([kept]);
  });

  it('requires a key', async () => {
    const res = await server.api('GET', '/v1/status-pages/services', undefined, { authorization: '' });
    expect(res.status).toBe(401);
  });
});

describe('listing status page services', () => {
  let server: TestServer;
  const clock = new ManualClock('2026-04-01T10:00:00.000Z');
  const names: string[] = [];

  beforeAll(async () => {
    server = await startServer({ clock });
    for (let i = 0; i < 7; i++) {
      names.push(`Service ${i}`);
      await createService(server, `Service ${i}`);
      if (i % 2 === 0) clock.advance(1000);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('pages newest first with limit and nextId until nextId is null', async () => {
    const seen: string[] = [];
    let nextId: string | null = null;
    const lengths: number[] = [];
    do {
      const query: string = nextId ? `?limit=3&nextId=${nextId}` : '?limit=3';
      const res = await server.api('GET', `/v1/status-pages/services${query}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(res.body.entries.length);
      lengths.push(res.body.length);
      seen.push(...res.body.entries.map((s: { name: string }) => s.name));
      nextId = res.body.nextId;
    } while (nextId);
    expect(lengths).toEqual([3, 3, 1]);
    expect(new Set(seen).size).toBe(7);
    // Services 5 and 6 share a millisecond: ties are ordered by id, stably.
    expect(['Service 5', 'Service 6']).toContain(seen[0]);
    expect(seen[6]).toBe('Service 0');
  });

  it('defaults to 20 per page and paginated=false answers everything at once', async () => {
    const all = await server.api('GET', '/v1/status-pages/services');
    expect(all.body).toMatchObject({ length: 7, nextId: null });
    const unpaged = await server.api('GET', '/v1/status-pages/services?paginated=false&limit=2');
    expect(unpaged.body).toEqual(all.body);
  });

  it('rejects limit 0 and 101 and an unknown nextId with 400', async () => {
    expect((await server.api('GET', '/v1/status-pages/services?limit=1')).status).toBe(200);
    expect((await server.api('GET', '/v1/status-pages/services?limit=100')).status).toBe(200);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', `nextId=${randomUUID()}`]) {
      const res = await server.api('GET', `/v1/status-pages/services?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
  });
});
