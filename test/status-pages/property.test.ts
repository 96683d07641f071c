import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentView, StatusPageServiceView } from '../../src-shared/schemas/status-page';
import { startServer, type TestServer } from '../helpers/server';
import { expectUnchangedRoundTrip, text, visibleText } from '../helpers/valid-bodies';
import { createIncident, createService, incidentBody, serviceRef } from './fixtures';

const DELETE = Symbol('delete');
type Path = (string | number)[];

function mutate(body: unknown, path: Path, value: unknown): unknown {
  const copy: unknown = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (next === null || typeof next !== 'object') return copy;
    target = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) delete target[last];
  else target[last] = value;
  return copy;
}

const interesting = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', ' ', 'x'.repeat(255), 'x'.repeat(256), 'CRITICAL', 'MINOR', 'RESOLVED', 'MONITORING', '2026-01-01T00:00:00Z', 'not-a-date', randomUUID(), -1, 0, 1e308, true, false, null, [], {}),
);
const mutation = (paths: Path[]) => fc.tuple(fc.constantFrom(...paths), fc.oneof(fc.constant<typeof DELETE>(DELETE), interesting));
const wholeBody = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue(), { maxKeys: 6 }));

const INCIDENT_PATHS: Path[] = [
  ['name'],
  ['severity'],
  ['services'],
  ['services', 0],
  ['services', 0, 'id'],
  ['services', 0, 'name'],
  ['incidentUpdates'],
  ['incidentUpdates', 0],
  ['incidentUpdates', 0, 'description'],
  ['incidentUpdates', 0, 'status'],
  ['incidentUpdates', 0, 'notifySubscribers'],
  ['incidentUpdates', 0, 'publicIncidentUpdateDate'],
  ['lastUpdateStatus'],
  ['duration'],
];
const UPDATE_PATHS: Path[] = [['description'], ['status'], ['notifySubscribers'], ['publicIncidentUpdateDate'], ['id']];
const RUNS = { numRuns: 60 };

describe('random and mutated status page bodies', () => {
  let server: TestServer;
  let serviceId: string;
  let service: StatusPageServiceView;
  let incident: IncidentView;

  beforeAll(async () => {
    // Hundreds of requests in a few seconds: the per-key rate limit is not under test here.
    server = await startServer({ config: { rateLimitPerMinute: 1_000_000 } });
    service = await createService(server, 'Property');
    serviceId = service.id;
    incident = await createIncident(server, [serviceId]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const incidentCount = async () => (await server.api('GET', '/v1/status-pages/incidents?limit=100')).body.length as number;
  const serviceCount = async () => (await server.api('GET', '/v1/status-pages/services?paginated=false')).body.length as number;

  it('POST incidents never answers 5xx and stores nothing when it rejects', async () => {
    const bodies = fc.oneof(mutation(INCIDENT_PATHS).map(([path, value]) => mutate(incidentBody([serviceId]), path, value)), wholeBody);
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await incidentCount();
        const res = await server.api('POST', '/v1/status-pages/incidents', body);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status !== 201) {
          expect([400, 404]).toContain(res.status);
          expect(await incidentCount()).toBe(before);
        } else {
          await server.api('DELETE', `/v1/status-pages/incidents/${res.body.id}`);
        }
      }),
      RUNS,
    );
  });

  it('PUT incident never answers 5xx and a rejected PUT leaves the incident as it was', async () => {
    const valid = { name: incident.name, severity: incident.severity, services: [serviceRef(serviceId)] };
    const bodies = fc.oneof(mutation(INCIDENT_PATHS.slice(0, 6)).map(([path, value]) => mutate(valid, path, value)), wholeBody);
    const path = `/v1/status-pages/incidents/${incident.id}`;
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = (await server.api('GET', path)).body;
        const res = await server.api('PUT', path, body);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status !== 200) expect((await server.api('GET', path)).body).toEqual(before);
      }),
      RUNS,
    );
  });

  it('POST and PUT of incident updates never answer 5xx and rejected ones change nothing', async () => {
    const base = `/v1/status-pages/incidents/${incident.id}/incident-updates`;
    const updateId = incident.incidentUpdates[0].id;
    const valid = { description: 'note', status: 'MONITORING', notifySubscribers: false };
    const bodies = fc.oneof(mutation(UPDATE_PATHS).map(([path, value]) => mutate(valid, path, value)), wholeBody);
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, put) => {
        const before = (await server.api('GET', `/v1/status-pages/incidents/${incident.id}`)).body;
        const res = put ? await server.api('PUT', `${base}/${updateId}`, body) : await server.api('POST', base, body);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status >= 400) expect((await server.api('GET', `/v1/status-pages/incidents/${incident.id}`)).body).toEqual(before);
        else if (!put) await server.api('DELETE', `${base}/${res.body.id}`);
      }),
      RUNS,
    );
  });

  it('POST and PUT of services never answer 5xx and rejected ones change nothing', async () => {
    const bodies = fc.oneof(mutation([['name'], ['id']]).map(([path, value]) => mutate({ name: 'S' }, path, value)), wholeBody);
    const path = `/v1/status-pages/services/${serviceId}`;
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, put) => {
        const before = { count: await serviceCount(), one: (await server.api('GET', path)).body };
        const res = put ? await server.api('PUT', path, body) : await server.api('POST', '/v1/status-pages/services', body);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.status).toBe(400);
          expect({ count: await serviceCount(), one: (await server.api('GET', path)).body }).toEqual(before);
        } else if (!put) {
          await server.api('DELETE', `/v1/status-pages/services/${res.body.id}`);
        } else {
          await server.api('PUT', path, { name: service.name });
        }
      }),
      RUNS,
    );
  });

  it('valid incidents are created (201), and GET→PUT of the unchanged incident, its update and its service is accepted and changes nothing', async () => {
    const progress = fc.constantFrom('INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED');
    const update = fc.record(
      {
        description: text(1, 300),
        status: progress,
        notifySubscribers: fc.boolean(),
        publicIncidentUpdateDate: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
      },
      { requiredKeys: ['description'] },
    );
    const incidentArb = fc.record({ name: visibleText(1, 255), severity: fc.constantFrom('CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'), update });
    await fc.assert(
      fc.asyncProperty(incidentArb, visibleText(1, 255), async ({ name, severity, update: first }, serviceName) => {
        const created = await server.api('POST', '/v1/status-pages/services', { name: serviceName });
        expect(created.status, created.text).toBe(201);
        const servicePath = `/v1/status-pages/services/${created.body.id}`;
        await expectUnchangedRoundTrip(server, servicePath, servicePath);

        const res = await server.api('POST', '/v1/status-pages/incidents', { name, severity, services: [serviceRef(created.body.id)], incidentUpdates: [first] });
        expect(res.status, res.text).toBe(201);
        const incidentPath = `/v1/status-pages/incidents/${res.body.id}`;
        expect((await server.api('GET', incidentPath)).body).toEqual(res.body);
        await expectUnchangedRoundTrip(server, incidentPath, incidentPath);
        const updatePath = `${incidentPath}/incident-updates/${res.body.incidentUpdates[0].id}`;
        await expectUnchangedRoundTrip(server, updatePath, updatePath);

        expect((await server.api('DELETE', incidentPath)).status).toBe(204);
        expect((await server.api('DELETE', servicePath)).status).toBe(204);
      }),
      { numRuns: 40 },
    );
  });

  it('random list queries never answer 5xx', async () => {
    const query = fc.record({ limit: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.string({ maxLength: 5 })), nextId: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(incident.id)) }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (q, services) => {
        const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
        const res = await server.api('GET', `/v1/status-pages/${services ? 'services' : 'incidents'}?${search}`);
        expect(res.status, res.text).toBeLessThan(500);
      }),
      RUNS,
    );
  });
});
