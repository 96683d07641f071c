import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { createGroup, createMemberCheck } from './helpers';

describe('GET /v1/check-groups', () => {
  let server: TestServer;
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    for (let i = 0; i < 12; i++) {
      const group = await createGroup(server, { name: `Group ${i}`, tags: i % 3 === 0 ? ['prod'] : i % 3 === 1 ? ['staging'] : [] });
      ids.push(group.id);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a bare array of 10 groups in creation order with a content-range header', async () => {
    const res = await server.api('GET', '/v1/check-groups');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((g: { id: number }) => g.id)).toEqual(ids.slice(0, 10));
    expect(res.headers.get('content-range')).toBe('0-9/12');
    expect(res.body[0]).toMatchObject({ name: 'Group 0', concurrency: 3, doubleCheck: false, apiCheckDefaults: { url: '' } });
  });

  it('pages with limit and page', async () => {
    const second = await server.api('GET', '/v1/check-groups?limit=5&page=2');
    expect(second.body.map((g: { id: number }) => g.id)).toEqual(ids.slice(5, 10));
    expect(second.headers.get('content-range')).toBe('5-9/12');
    const last = await server.api('GET', '/v1/check-groups?limit=5&page=3');
    expect(last.body.map((g: { id: number }) => g.id)).toEqual(ids.slice(10));
    expect(last.headers.get('content-range')).toBe('10-11/12');
    const beyond = await server.api('GET', '/v1/check-groups?limit=5&page=9');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('40-40/12');
  });

  it('accepts limit 1 and 100 and rejects 0, 101 and page 0 with 400', async () => {
    expect((await server.api('GET', '/v1/check-groups?limit=1')).body).toHaveLength(1);
    expect((await server.api('GET', '/v1/check-groups?limit=100')).body).toHaveLength(12);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'page=0', 'page=-1']) {
      const res = await server.api('GET', `/v1/check-groups?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(query.split('=')[0]) });
    }
  });

  it('filters by tag (any of) and exact name (any of)', async () => {
    const prod = await server.api('GET', '/v1/check-groups?tag=prod&limit=100');
    expect(prod.body.map((g: { name: string }) => g.name)).toEqual(['Group 0', 'Group 3', 'Group 6', 'Group 9']);
    expect(prod.headers.get('content-range')).toBe('0-3/4');
    const either = await server.api('GET', '/v1/check-groups?tag=prod&tag=staging&limit=100');
    expect(either.body).toHaveLength(8);
    const named = await server.api('GET', '/v1/check-groups?name=Group%201&name=Group%2011');
    expect(named.body.map((g: { name: string }) => g.name)).toEqual(['Group 1', 'Group 11']);
    expect((await server.api('GET', '/v1/check-groups?name=Group')).body).toEqual([]);
  });
});

describe('GET /v1/check-groups/{id}/checks', () => {
  let server: TestServer;
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');

  beforeAll(async () => {
    server = await startServer({ clock });
    expect((await server.api('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the member checks newest first, paged, with a content-range header', async () => {
    const group = await createGroup(server, { name: 'Members' });
    const other = await createGroup(server, { name: 'Other' });
    const created: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      created.push((await createMemberCheck(server, group.id, { name: `Member ${i}` })).id);
    }
    await createMemberCheck(server, other.id, { name: 'Elsewhere' });
    await server.api('POST', '/v1/checks/icmp', { name: 'Ungrouped', request: { hostname: '127.0.0.1' } });

    const res = await server.api('GET', `/v1/check-groups/${group.id}/checks`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([...created].reverse());
    expect(res.headers.get('content-range')).toBe('0-2/3');
    expect(res.body[0]).toMatchObject({ checkType: 'ICMP', groupId: group.id, name: 'Member 2' });

    const paged = await server.api('GET', `/v1/check-groups/${group.id}/checks?limit=2&page=2`);
    expect(paged.body.map((c: { id: string }) => c.id)).toEqual([created[0]]);
    expect(paged.headers.get('content-range')).toBe('2-2/3');
    expect((await server.api('GET', `/v1/check-groups/${group.id}/checks?limit=101`)).status).toBe(400);
  });

  it('answers an empty array for a group without checks', async () => {
    const group = await createGroup(server, { name: 'Empty' });
    const res = await server.api('GET', `/v1/check-groups/${group.id}/checks`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('content-range')).toBe('0-0/0');
  });

  it('applies the group settings to each listed check', async () => {
    const group = await createGroup(server, {
      name: 'Overrides',
      muted: true,
      locations: ['ap-south-1'],
      retryStrategy: { type: 'FIXED', maxRetries: 2 },
      environmentVariables: [{ key: 'SHARED', value: 'group' }, { key: 'BASE', value: 'group' }],
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 4 } },
      runtimeId: '2026.04',
    });
    const check = await createMemberCheck(server, group.id, {
      name: 'Overridden',
      locations: ['eu-west-1'],
      privateLocations: ['office'],
      environmentVariables: [{ key: 'SHARED', value: 'check' }],
      useGlobalAlertSettings: true,
    });
    const listed = (await server.api('GET', `/v1/check-groups/${group.id}/checks`)).body[0];
    expect(listed).toMatchObject({
      id: check.id,
      muted: true,
      activated: true,
      locations: ['ap-south-1'],
      privateLocations: [],
      retryStrategy: { type: 'FIXED', maxRetries: 2 },
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 4 } },
      runtimeId: '2026.04',
    });
    expect(listed.environmentVariables.map((v: { key: string; value: string }) => `${v.key}=${v.value}`)).toEqual(['SHARED=check', 'BASE=group']);
    // The check itself keeps its own settings.
    const own = (await server.api('GET', `/v1/checks/${check.id}`)).body;
    expect(own).toMatchObject({ muted: false, locations: ['eu-west-1'], privateLocations: ['office'] });
  });
});
