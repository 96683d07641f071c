import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { addUpdate, createIncident, createService, UUID } from './fixtures';

const START = '2026-06-01T09:00:00.000Z';

describe('incident updates and progress', () => {
  let server: TestServer;
  let serviceId: string;
  const clock = new ManualClock(START);
  const get = async (id: string) => (await server.api('GET', `/v1/status-pages/incidents/${id}`)).body;

  beforeAll(async () => {
    server = await startServer({ clock });
    serviceId = (await createService(server)).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('walks INVESTIGATING → IDENTIFIED → MONITORING → RESOLVED; lastUpdateStatus follows, duration set on resolution', async () => {
    clock.set(START);
    const incident = await createIncident(server, [serviceId]);
    expect(incident).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null });

    const steps = [
      ['IDENTIFIED', 60_000],
      ['MONITORING', 120_000],
      ['RESOLVED', 300_000],
    ] as const;
    for (const [status, after] of steps) {
      clock.advance(after);
      const update = await addUpdate(server, incident.id, { description: `now ${status}`, status });
      expect(update).toEqual({
        id: expect.stringMatching(UUID),
        description: `now ${status}`,
        status,
        publicIncidentUpdateDate: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
        notifySubscribers: false,
      });
      const read = await get(incident.id);
      expect(read.lastUpdateStatus).toBe(status);
      expect(read.updated_at).toBe(clock.now().toISOString());
      expect(read.duration).toBe(status === 'RESOLVED' ? 480 : null);
    }
    const read = await get(incident.id);
    expect(read.incidentUpdates.map((u: { status: string }) => u.status)).toEqual(['RESOLVED', 'MONITORING', 'IDENTIFIED', 'INVESTIGATING']);
  });

  it('a closing note after RESOLVED keeps the duration; a later non-RESOLVED update reopens', async () => {
    clock.set(START);
    const incident = await createIncident(server, [serviceId]);
    clock.advance(90_000);
    await addUpdate(server, incident.id, { description: 'fixed', status: 'RESOLVED' });
    clock.advance(600_000);
    await addUpdate(server, incident.id, { description: 'post-mortem published', status: 'RESOLVED' });
    expect(await get(incident.id)).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 90 });

    clock.advance(1000);
    await addUpdate(server, incident.id, { description: 'it is back', status: 'INVESTIGATING' });
    expect(await get(incident.id)).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null });
  });

  it('an update without status keeps the current progress; backwards moves are allowed', async () => {
    const incident = await createIncident(server, [serviceId]);
    await addUpdate(server, incident.id, { description: 'cause found', status: 'MONITORING' });
    const note = await addUpdate(server, incident.id, { description: 'still watching', notifySubscribers: true });
    expect(note).toMatchObject({ status: 'MONITORING', notifySubscribers: true });
    await addUpdate(server, incident.id, { description: 'not fixed after all', status: 'IDENTIFIED' });
    expect((await get(incident.id)).lastUpdateStatus).toBe('IDENTIFIED');
  });

  it('rejects bad update bodies with 400 and unknown incidents with 404', async () => {
    const incident = await createIncident(server, [serviceId]);
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates`;
    for (const body of [{}, { description: '' }, { description: 'x', status: 'FIXED' }, { description: 'x', notifySubscribers: 'yes' }, { description: 'x', publicIncidentUpdateDate: 'yesterday' }]) {
      const res = await server.api('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await get(incident.id)).toEqual(incident);
    const unknown = await server.api('POST', `/v1/status-pages/incidents/${randomUUID()}/incident-updates`, { description: 'x' });
    expect(unknown.body).toEqual(NOT_FOUND);
  });

  it('lists (newest first) and retrieves single updates', async () => {
    const incident = await createIncident(server, [serviceId]);
    const second = await addUpdate(server, incident.id, { description: 'second', status: 'IDENTIFIED' });
    const list = await server.api('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([second, incident.incidentUpdates[0]]);
    const one = await server.api('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates/${second.id}`);
    expect(one.body).toEqual(second);
    expect((await server.api('GET', `/v1/status-pages/incidents/${incident.id}/incident-updates/${randomUUID()}`)).body).toEqual(NOT_FOUND);
  });

  it('PUT of an update changes the members it names; the incident follows a changed status', async () => {
    clock.set(START);
    const incident = await createIncident(server, [serviceId]);
    clock.advance(30_000);
    const last = await addUpdate(server, incident.id, { description: 'monitoring', status: 'MONITORING', notifySubscribers: true });
    const path = `/v1/status-pages/incidents/${incident.id}/incident-updates/${last.id}`;
    const res = await server.api('PUT', path, { description: 'resolved after all', status: 'RESOLVED' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...last, description: 'resolved after all', status: 'RESOLVED' });
    expect(await get(incident.id)).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 30 });

    expect((await server.api('PUT', path, { status: 'RESOLVED' })).status).toBe(400);
    expect((await server.api('PUT', path, { description: 'x', status: 'NOPE' })).status).toBe(400);
    expect((await server.api('GET', path)).body).toEqual(res.body);
  });

  it('DELETE of an update answers 204 and the incident follows; the only update cannot be deleted (409)', async () => {
    const incident = await createIncident(server, [serviceId]);
    const resolved = await addUpdate(server, incident.id, { description: 'done', status: 'RESOLVED' });
    const base = `/v1/status-pages/incidents/${incident.id}/incident-updates`;
    const res = await server.api('DELETE', `${base}/${resolved.id}`);
    expect(res.status).toBe(204);
    expect(await get(incident.id)).toMatchObject({ lastUpdateStatus: 'INVESTIGATING', duration: null, incidentUpdates: incident.incidentUpdates });
    expect((await server.api('DELETE', `${base}/${resolved.id}`)).status).toBe(404);

    const only = await server.api('DELETE', `${base}/${incident.incidentUpdates[0].id}`);
    expect(only.status).toBe(409);
    expect(only.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect((await get(incident.id)).incidentUpdates).toHaveLength(1);
  });

  it('updates of one incident cannot be reached through another', async () => {
    const a = await createIncident(server, [serviceId]);
    const b = await createIncident(server, [serviceId]);
    const res = await server.api('GET', `/v1/status-pages/incidents/${b.id}/incident-updates/${a.incidentUpdates[0].id}`);
    expect(res.status).toBe(404);
  });
});
