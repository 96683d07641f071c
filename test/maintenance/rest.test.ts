import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberWithKey, type MemberWithKey } from '../accounts/helpers';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcCode } from '../helpers/trpc';

const ONE_OFF = { name: 'DB upgrade', tags: ['database'], startsAt: '2030-02-15T02:00:00.000Z', endsAt: '2030-02-15T06:00:00.000Z' };
const WEEKLY = {
  name: 'Weekly backup',
  tags: ['database', 'backup'],
  startsAt: '2030-02-01T03:00:00.000Z',
  endsAt: '2030-02-01T04:00:00.000Z',
  repeatInterval: 1,
  repeatUnit: 'WEEK',
  repeatEndsAt: '2030-12-31T23:59:59.000Z',
};

describe('maintenance windows (/v1/maintenance-windows)', () => {
  let server: TestServer;
  let reader: MemberWithKey;

  beforeAll(async () => {
    server = await startServer();
    reader = await addMemberWithKey(server, 'READ_ONLY');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates (201), reads, lists, replaces (PUT) and deletes (204) a window in the public shape', async () => {
    const created = await server.api('POST', '/v1/maintenance-windows', WEEKLY);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...WEEKLY, id: expect.any(Number), created_at: expect.any(String), updated_at: null });
    const id = created.body.id as number;

    expect((await reader.api('GET', `/v1/maintenance-windows/${id}`)).body).toEqual(created.body);
    const list = await reader.api('GET', '/v1/maintenance-windows');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(created.body);
    expect(list.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/);

    const replaced = await server.api('PUT', `/v1/maintenance-windows/${id}`, ONE_OFF);
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ ...ONE_OFF, id, repeatUnit: null, repeatInterval: null, repeatEndsAt: null, created_at: created.body.created_at });
    expect(replaced.body.updated_at).toEqual(expect.any(String));

    expect((await server.api('DELETE', `/v1/maintenance-windows/${id}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/maintenance-windows/${id}`)).status).toBe(404);
    expect((await server.api('DELETE', `/v1/maintenance-windows/${id}`)).status).toBe(404);
    expect((await server.api('PUT', `/v1/maintenance-windows/${id}`, ONE_OFF)).status).toBe(404);
    expect((await server.api('GET', '/v1/maintenance-windows/not-a-number')).status).toBe(404);
  });

  it('stores dates in UTC and a repeat unit without an interval as every 1 unit', async () => {
    const res = await server.api('POST', '/v1/maintenance-windows', { ...ONE_OFF, startsAt: '2030-02-15T04:00:00+02:00', endsAt: '2030-02-15T05:00:00+02:00', repeatUnit: 'DAY' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ startsAt: '2030-02-15T02:00:00.000Z', endsAt: '2030-02-15T03:00:00.000Z', repeatUnit: 'DAY', repeatInterval: 1, repeatEndsAt: null });
  });

  it('refuses bad windows with a 400 naming the field, and stores nothing', async () => {
    const before = (await server.api('GET', '/v1/maintenance-windows?limit=100')).body.length;
    const cases: [unknown, string][] = [
      [{ ...ONE_OFF, endsAt: ONE_OFF.startsAt }, 'endsAt'],
      [{ ...ONE_OFF, endsAt: '2030-02-15T01:00:00.000Z' }, 'endsAt'],
      [{ ...ONE_OFF, startsAt: 'tomorrow' }, 'startsAt'],
      [{ ...ONE_OFF, repeatInterval: 2 }, 'repeatUnit'],
      [{ ...ONE_OFF, repeatEndsAt: '2030-03-01T00:00:00.000Z' }, 'repeatUnit'],
      [{ ...WEEKLY, repeatInterval: 0 }, 'repeatInterval'],
      [{ ...WEEKLY, repeatInterval: 1.5 }, 'repeatInterval'],
      [{ ...WEEKLY, repeatUnit: 'YEAR' }, 'repeatUnit'],
      [{ ...WEEKLY, repeatEndsAt: '2030-01-01T00:00:00.000Z' }, 'repeatEndsAt'],
      [{ ...ONE_OFF, repeatUnit: 'DAY', endsAt: '2030-02-16T02:00:00.000Z' }, 'endsAt'],
      [{ ...ONE_OFF, tags: [] }, 'tags'],
      [{ ...ONE_OFF, tags: [''] }, 'tags[0]'],
      [{ ...ONE_OFF, tags: ['t'.repeat(256)] }, 'tags[0]'],
      [{ ...ONE_OFF, name: '' }, 'name'],
      [{ ...ONE_OFF, name: undefined }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await server.api('POST', '/v1/maintenance-windows', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
    expect((await server.api('GET', '/v1/maintenance-windows?limit=100')).body.length).toBe(before);
    expect((await server.api('GET', '/v1/maintenance-windows?limit=101')).status).toBe(400);
  });

  it('READ_ONLY keys may list and read; writes need READ_WRITE (403)', async () => {
    const created = await server.api('POST', '/v1/maintenance-windows', ONE_OFF);
    expect((await reader.api('POST', '/v1/maintenance-windows', ONE_OFF)).status).toBe(403);
    expect((await reader.api('PUT', `/v1/maintenance-windows/${created.body.id}`, ONE_OFF)).status).toBe(403);
    expect((await reader.api('DELETE', `/v1/maintenance-windows/${created.body.id}`)).status).toBe(403);
    expect((await reader.api('GET', `/v1/maintenance-windows/${created.body.id}`)).status).toBe(200);
  });

  it('tRPC: the same windows, "start now" for a check or a group, READ_ONLY may only read', async () => {
    const owner = trpcClient(server.url, server.key);
    const readOnly = trpcClient(server.url, reader.key);
    const created = await owner.maintenanceWindows.create.mutate({ ...WEEKLY, repeatUnit: 'WEEK' });
    expect(await readOnly.maintenanceWindows.get.query({ id: created.id })).toEqual(created);
    expect((await owner.maintenanceWindows.update.mutate({ id: created.id, window: { ...ONE_OFF, name: 'Renamed' } })).name).toBe('Renamed');
    expect(await trpcCode(readOnly.maintenanceWindows.create.mutate(ONE_OFF))).toBe('FORBIDDEN');
    expect(await trpcCode(owner.maintenanceWindows.create.mutate({ ...ONE_OFF, endsAt: ONE_OFF.startsAt }))).toBe('BAD_REQUEST');

    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Router' }));
    const group = await server.api('POST', '/v1/check-groups', { name: 'Edge', locations: [] });
    expect(group.status, group.text).toBe(201);
    const forCheck = await owner.maintenanceWindows.startNow.mutate({ checkId: check.body.id });
    expect(forCheck).toMatchObject({ name: 'Maintenance of Router', tags: [], checkIds: [check.body.id], groupIds: [], repeatUnit: null });
    expect(Date.parse(forCheck.endsAt) - Date.parse(forCheck.startsAt)).toBe(3_600_000);
    expect(Math.abs(Date.parse(forCheck.startsAt) - Date.now())).toBeLessThan(60_000);
    expect((await owner.maintenanceWindows.startNow.mutate({ groupId: group.body.id, minutes: 30 })).groupIds).toEqual([group.body.id]);
    expect(await trpcCode(owner.maintenanceWindows.startNow.mutate({ checkId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
    expect(await trpcCode(readOnly.maintenanceWindows.startNow.mutate({ checkId: check.body.id }))).toBe('FORBIDDEN');
    expect((await readOnly.maintenanceWindows.list.query()).map((w) => w.id)).toContain(forCheck.id);
    expect(await owner.maintenanceWindows.delete.mutate({ id: created.id })).toEqual({ id: created.id });
  });
});
