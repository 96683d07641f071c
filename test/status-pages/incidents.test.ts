import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import type { StatusPageServiceView } from '../../src-shared/schemas/status-page';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { createIncident, createService, incidentBody, ISO, serviceRef, UUID } from './fixtures';

const START = '2026-05-01T12:00:00.000Z';

describe('status page incidents', () => {
  let server: TestServer;
  let api: StatusPageServiceView;
  let web: StatusPageServiceView;
  const clock = new ManualClock(START);

  beforeAll(async () => {
    server = await startServer({ clock });
    api = await createService(server, 'API');
    web = await createService(server, 'Web');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates with 201: the read shape of spec 2.11 with severity, lastUpdateStatus and defaults', async () => {
    clock.set(START);
    const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([web.id, api.id]));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'API is slow',
      severity: 'MAJOR',
      lastUpdateStatus: 'INVESTIGATING',
      services: [api, web],
      incidentUpdates: [
        { id: expect.stringMatching(UUID), description: 'We are looking into it', status: 'INVESTIGATING', publicIncidentUpdateDate: START, created_at: START, notifySubscribers: false },
      ],
      created_at: START,
      updated_at: START,
      duration: null,
    });
    expect((await server.api('GET', `/v1/status-pages/incidents/${res.body.id}`)).body).toEqual(res.body);
  });

  it('keeps the first update status, notifySubscribers and publicIncidentUpdateDate as given', async () => {
    const incident = await createIncident(server, [api.id], {
      incidentUpdates: [{ description: 'Found it', status: 'IDENTIFIED', notifySubscribers: true, publicIncidentUpdateDate: '2026-04-30T08:00:00.000Z' }],
    });
    expect(incident.lastUpdateStatus).toBe('IDENTIFIED');
    expect(incident.incidentUpdates[0]).toMatchObject({ status: 'IDENTIFIED', notifySubscribers: true, publicIncidentUpdateDate: '2026-04-30T08:00:00.000Z' });
  });

  it('accepts every severity and rejects others', async () => {
    for (const severity of ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR']) {
      expect((await createIncident(server, [api.id], { severity })).severity).toBe(severity);
    }
    for (const severity of ['critical', 'LOW', null, undefined]) {
      const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([api.id], { severity }));
      expect(res.status, String(severity)).toBe(400);
      expect(res.body.message).toContain('severity');
    }
  });

  it('accepts a name of 255 characters and rejects 256 and empty', async () => {
    expect((await createIncident(server, [api.id], { name: 'i'.repeat(255) })).name).toHaveLength(255);
    for (const name of ['i'.repeat(256), '', undefined]) {
      const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([api.id], { name }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('name') });
    }
  });

  it('needs at least one service (400) and answers 404 Not Found for a service that does not exist', async () => {
    const empty = await server.api('POST', '/v1/status-pages/incidents', incidentBody([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('services');
    const missing = await server.api('POST', '/v1/status-pages/incidents', incidentBody([api.id, randomUUID()]));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);
    const notUuid = await server.api('POST', '/v1/status-pages/incidents', incidentBody([], { services: [serviceRef('abc')] }));
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toContain('services[0].id');
  });

  it('is created with exactly one update, which needs a description and a known status', async () => {
    for (const incidentUpdates of [[], [{ description: 'a' }, { description: 'b' }], undefined, [{}], [{ description: '' }], [{ description: 'x', status: 'DONE' }]]) {
      const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([api.id], { incidentUpdates }));
      expect(res.status, JSON.stringify(incidentUpdates)).toBe(400);
      expect(res.body.message).toContain('incidentUpdates');
    }
  });

  it('ignores read-only members sent back, so a read incident can be created again', async () => {
    const incident = await createIncident(server, [api.id]);
    const res = await server.api('POST', '/v1/status-pages/incidents', { ...incident, incidentUpdates: [incident.incidentUpdates[0]] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.id).not.toBe(incident.id);
    expect(res.body.services).toEqual([api]);
  });

  it('PUT replaces name, severity and services (200) and keeps the updates', async () => {
    clock.set(START);
    const incident = await createIncident(server, [api.id]);
    clock.advance(5000);
    const res = await server.api('PUT', `/v1/status-pages/incidents/${incident.id}`, { name: 'Web is down', severity: 'CRITICAL', services: [serviceRef(web.id)] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...incident, name: 'Web is down', severity: 'CRITICAL', services: [web], updated_at: '2026-05-01T12:00:05.000Z' });

    const roundTrip = await server.api('PUT', `/v1/status-pages/incidents/${incident.id}`, res.body);
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toEqual(res.body);
  });

  it('a rejected PUT changes nothing: missing members 400, unknown service 404, unknown incident 404', async () => {
    const incident = await createIncident(server, [api.id]);
    const path = `/v1/status-pages/incidents/${incident.id}`;
    for (const body of [{ name: 'only a name' }, { name: 'x', severity: 'MAJOR', services: [] }, { name: 'x'.repeat(256), severity: 'MAJOR', services: [serviceRef(api.id)] }]) {
      expect((await server.api('PUT', path, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.api('PUT', path, { name: 'x', severity: 'MAJOR', services: [serviceRef(randomUUID())] })).body).toEqual(NOT_FOUND);
    expect((await server.api('GET', path)).body).toEqual(incident);
    expect((await server.api('PUT', `/v1/status-pages/incidents/${randomUUID()}`, { name: 'x', severity: 'MAJOR', services: [serviceRef(api.id)] })).status).toBe(404);
  });

  it('DELETE answers 204, removes the incident and its updates, then 404', async () => {
    const incident = await createIncident(server, [api.id]);
    const res = await server.api('DELETE', `/v1/status-pages/incidents/${incident.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await server.api('GET', `/v1/status-pages/incidents/${incident.id}`)).body).toEqual(NOT_FOUND);
    expect((await server.api('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`)).status).toBe(404);
    expect((await server.api('DELETE', `/v1/status-pages/incidents/${incident.id}`)).status).toBe(404);
  });

  it('answers 404 for unknown incident ids whatever their shape', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect((await server.api('GET', `/v1/status-pages/incidents/${id}`)).body).toEqual(NOT_FOUND);
    }
  });

  it('requires a key (401 Bad Token)', async () => {
    const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([api.id]), { authorization: 'Bearer wrong-key-123' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('dates are ISO date-times', async () => {
    const incident = await createIncident(server, [api.id]);
    expect(incident.created_at).toMatch(ISO);
    expect(incident.incidentUpdates[0].created_at).toMatch(ISO);
  });
});

describe('incident create over the rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 2 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with attributes and retry-after (spec 4.7)', async () => {
    const service = await createService(server);
    await createIncident(server, [service.id]);
    const res = await server.api('POST', '/v1/status-pages/incidents', incidentBody([service.id]));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', attributes: expect.any(Object) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
