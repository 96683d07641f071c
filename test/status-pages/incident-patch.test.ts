import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import type { StatusPageServiceView } from '../../src-shared/schemas/status-page';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { createIncident, createService, incidentBody, serviceRef } from './fixtures';

const START = '2026-05-01T12:00:00.000Z';
const LATER = '2026-05-01T12:00:05.000Z';

describe('incidents: PATCH, updated_at and the service members the public schema requires', () => {
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

  it('a new incident has updated_at equal to created_at, in the list as well', async () => {
    clock.set(START);
    const incident = await createIncident(server, [api.id]);
    expect(incident).toMatchObject({ created_at: START, updated_at: START });
    const list = await server.api('GET', '/v1/status-pages/incidents?limit=100');
    expect(list.body.entries.find((entry: { id: string }) => entry.id === incident.id)).toMatchObject({ updated_at: START });
  });

  it('PATCH {severity} changes only the severity and updated_at (200)', async () => {
    clock.set(START);
    const incident = await createIncident(server, [api.id, web.id]);
    clock.advance(5000);
    const res = await server.api('PATCH', `/v1/status-pages/incidents/${incident.id}`, { severity: 'CRITICAL' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...incident, severity: 'CRITICAL', updated_at: LATER });
    expect((await server.api('GET', `/v1/status-pages/incidents/${incident.id}`)).body).toEqual(res.body);
  });

  it('PATCH changes the name and the services it is given', async () => {
    const incident = await createIncident(server, [api.id]);
    const res = await server.api('PATCH', `/v1/status-pages/incidents/${incident.id}`, { name: 'Web too', services: [serviceRef(api.id), serviceRef(web.id)] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Web too', severity: incident.severity, services: [api, web], incidentUpdates: incident.incidentUpdates });
  });

  it('a rejected PATCH changes nothing: 400 naming the field, 404 for unknown incident or service', async () => {
    const incident = await createIncident(server, [api.id]);
    const path = `/v1/status-pages/incidents/${incident.id}`;
    const cases: [unknown, string][] = [
      [{}, 'name at least one of name, severity, services'],
      [{ severity: 'minor' }, 'severity: '],
      [{ name: '' }, 'name: '],
      [{ name: 'n'.repeat(256) }, 'name: '],
      [{ services: [] }, 'services: '],
      [{ services: [{ id: api.id, accountId: api.accountId }] }, 'services[0].name: '],
    ];
    for (const [body, message] of cases) {
      const res = await server.api('PATCH', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await server.api('PATCH', path, { services: [serviceRef(randomUUID())] })).body).toEqual(NOT_FOUND);
    expect((await server.api('PATCH', `/v1/status-pages/incidents/${randomUUID()}`, { severity: 'MINOR' })).body).toEqual(NOT_FOUND);
    expect((await server.api('GET', path)).body).toEqual(incident);
  });

  it('POST and PUT need each service to carry name and accountId (400 naming the member)', async () => {
    const missingName = await server.api('POST', '/v1/status-pages/incidents', incidentBody([], { services: [{ id: api.id, accountId: api.accountId }] }));
    expect(missingName.status).toBe(400);
    expect(missingName.body.message).toMatch(/^services\[0\]\.name: /);
    const missingAccount = await server.api('POST', '/v1/status-pages/incidents', incidentBody([], { services: [serviceRef(api.id), { id: web.id, name: 'Web' }] }));
    expect(missingAccount.status).toBe(400);
    expect(missingAccount.body.message).toMatch(/^services\[1\]\.accountId: /);
    const incident = await createIncident(server, [api.id]);
    const put = await server.api('PUT', `/v1/status-pages/incidents/${incident.id}`, { name: 'x', severity: 'MAJOR', services: [{ id: api.id }] });
    expect(put.status).toBe(400);
    expect(put.body.message).toContain('services[0].name: ');
  });
});
