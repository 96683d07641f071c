import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { createGroup, createMemberCheck, GROUP_DEFAULTS } from './helpers';

const START = '2026-04-01T09:00:00.000Z';

describe('check groups: create, read, update, delete', () => {
  let server: TestServer;
  const clock = new ManualClock(START);

  beforeAll(async () => {
    server = await startServer({ clock });
    expect((await server.api('POST', '/v1/private-locations', { name: 'DC EU', slugName: 'dc-eu' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('POST /v2/check-groups answers 201 with every default, an integer id and timestamps', async () => {
    const res = await server.api('POST', '/v2/check-groups', { name: 'Production APIs' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Production APIs', ...GROUP_DEFAULTS, created_at: START, updated_at: null });
    expect(Number.isInteger(res.body.id)).toBe(true);
  });

  it('echoes every member it was given', async () => {
    const body = {
      name: 'Everything',
      activated: false,
      muted: true,
      tags: ['prod', 'api'],
      locations: ['eu-west-1', 'us-east-1'],
      concurrency: 10,
      apiCheckDefaults: {
        url: 'https://api.example.com/v1',
        headers: [{ key: 'Cache-Control', value: 'no-store', locked: false }],
        queryParameters: [{ key: 'Page', value: '1', locked: true }],
        assertions: [{ source: 'STATUS_CODE', comparison: 'NOT_EMPTY', property: '', target: '200', regex: '' }],
        basicAuth: { username: 'admin', password: 'abc12345' },
      },
      browserCheckDefaults: '{}',
      runtimeId: '2025.04',
      environmentVariables: [{ key: 'BASE', value: 'x', locked: true, secret: false }],
      setupSnippetId: 12,
      tearDownSnippetId: 13,
      localSetupScript: 'console.log(1)',
      localTearDownScript: 'console.log(2)',
      privateLocations: ['dc-eu'],
      runParallel: true,
      alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 15 }, reminders: { amount: 2, interval: 10 } },
      retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 30, sameRegion: false, maxRetries: 3, maxDurationSeconds: 600, onlyOn: ['NETWORK_ERROR'] },
      useGlobalAlertSettings: false,
      doubleCheck: true,
    };
    const res = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', body);
    expect(res.status, res.text).toBe(201);
    // Secrets are write-only: the locked query value and the basic-auth password read as the mask.
    const apiCheckDefaults = { ...body.apiCheckDefaults, queryParameters: [{ key: 'Page', value: '*****', locked: true }], basicAuth: { username: 'admin', password: '*****' } };
    expect(res.body).toEqual({ ...GROUP_DEFAULTS, ...body, apiCheckDefaults, id: expect.any(Number), created_at: START, updated_at: null });
  });

  it('fills the members of a partial apiCheckDefaults and assertion', async () => {
    const group = await createGroup(server, { apiCheckDefaults: { url: 'https://x.test', assertions: [{ source: 'JSON_BODY', comparison: 'HAS_KEY' }] } });
    expect(group.apiCheckDefaults).toEqual({
      url: 'https://x.test',
      headers: [],
      queryParameters: [],
      assertions: [{ source: 'JSON_BODY', comparison: 'HAS_KEY', property: '', target: '', regex: '' }],
      basicAuth: { username: '', password: '' },
    });
  });

  it('ignores unknown top-level members', async () => {
    const group = await createGroup(server, { name: 'Extra', checks: ['abc'], colour: 'red' });
    expect(group).not.toHaveProperty('colour');
    expect(group).not.toHaveProperty('checks');
  });

  it('GET /v1 and /v2 /check-groups/{id} answer the same stored group', async () => {
    const group = await createGroup(server, { name: 'Read me', tags: ['r'] });
    const v1 = await server.api('GET', `/v1/check-groups/${group.id}`);
    const v2 = await server.api('GET', `/v2/check-groups/${group.id}`);
    expect(v1.status).toBe(200);
    expect(v2.status).toBe(200);
    expect(v1.body).toEqual(group);
    expect(v2.body).toEqual(group);
  });

  it('answers 404 for unknown and non-integer ids on every route', async () => {
    for (const id of ['999999', 'abc', '1.5', '0', '-1', '1e3', '01', '99999999999999999999']) {
      for (const [method, path, body] of [
        ['GET', `/v1/check-groups/${id}`],
        ['GET', `/v2/check-groups/${id}`],
        ['GET', `/v1/check-groups/${id}/checks`],
        ['PUT', `/v2/check-groups/${id}`, { name: 'x' }],
        ['DELETE', `/v1/check-groups/${id}`],
      ] as const) {
        const res = await server.api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    }
  });

  it('PUT /v2/check-groups/{id} changes only the named members and sets updated_at', async () => {
    const group = await createGroup(server, {
      name: 'Before',
      tags: ['a'],
      concurrency: 5,
      apiCheckDefaults: { url: 'https://before.test', headers: [{ key: 'X', value: '1' }] },
    });
    clock.advance(60_000);
    const res = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'After', apiCheckDefaults: { url: 'https://after.test' }, retryStrategy: { type: 'FIXED' } });
    expect(res.status, res.text).toBe(200);
    const expected = {
      ...group,
      name: 'After',
      apiCheckDefaults: { ...(group.apiCheckDefaults as object), url: 'https://after.test' },
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 60, sameRegion: true },
      updated_at: '2026-04-01T09:01:00.000Z',
    };
    expect(res.body).toEqual(expected);
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body).toEqual(expected);
    clock.set(START);
  });

  it('PUT may set retryStrategy back to FALLBACK and clear nullable members', async () => {
    const group = await createGroup(server, { retryStrategy: { type: 'SINGLE_RETRY' }, runtimeId: '2024.09', localSetupScript: 'x' });
    const res = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: group.name, retryStrategy: 'FALLBACK', runtimeId: null, localSetupScript: null, alertSettings: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ retryStrategy: 'FALLBACK', runtimeId: null, localSetupScript: null, alertSettings: null });
  });

  it('PUT with only the (required) name keeps everything but updated_at', async () => {
    const group = await createGroup(server, { tags: ['keep'] });
    const res = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: group.name });
    expect(res.status).toBe(200);
    expect({ ...res.body, updated_at: null }).toEqual(group);
  });

  it('a rejected PUT answers 400 naming the field and changes nothing', async () => {
    const group = await createGroup(server, { concurrency: 4 });
    const res = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'Changed', concurrency: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('concurrency') });
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body).toEqual(group);
  });

  it('DELETE /v1/check-groups/{id} answers 204, then the group is gone', async () => {
    const group = await createGroup(server);
    const res = await server.api('DELETE', `/v1/check-groups/${group.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).status).toBe(404);
    expect((await server.api('DELETE', `/v1/check-groups/${group.id}`)).status).toBe(404);
  });

  it('DELETE answers 409 while the group holds checks, and 204 once they are gone', async () => {
    const group = await createGroup(server, { name: 'Holder' });
    const first = await createMemberCheck(server, group.id);
    const second = await createMemberCheck(server, group.id);
    const conflict = await server.api('DELETE', `/v1/check-groups/${group.id}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringContaining('still holds 2 checks') });
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).status).toBe(200);

    expect((await server.api('DELETE', `/v1/checks/${first.id}`)).status).toBe(204);
    const stillOne = await server.api('DELETE', `/v1/check-groups/${group.id}`);
    expect(stillOne.status).toBe(409);
    expect(stillOne.body.message).toContain('still holds 1 check');

    expect((await server.api('PUT', `/v1/checks/icmp/${second.id}`, { groupId: null })).status).toBe(200);
    expect((await server.api('DELETE', `/v1/check-groups/${group.id}`)).status).toBe(204);
  });

  it('answers 401 on every route without a key, before looking at ids or bodies', async () => {
    const group = await createGroup(server);
    for (const [method, path, body] of [
      ['POST', '/v2/check-groups', { name: 'x' }],
      ['PUT', `/v2/check-groups/${group.id}`, { name: 'x' }],
      ['GET', `/v2/check-groups/${group.id}`],
      ['GET', '/v1/check-groups'],
      ['GET', `/v1/check-groups/${group.id}`],
      ['GET', `/v1/check-groups/${group.id}/checks`],
      ['DELETE', `/v1/check-groups/${group.id}`],
      ['GET', '/v1/check-groups/abc'],
    ] as const) {
      const res = await server.api(method, path, body, { authorization: '' });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body.name).toBe('Group');
  });

  it('a check naming an unknown group is rejected with 400', async () => {
    const res = await server.api('POST', '/v1/checks/icmp', { name: 'Orphan', request: { hostname: '127.0.0.1' }, groupId: 987654 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('groupId');
  });
});
