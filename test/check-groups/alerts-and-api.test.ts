import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';
import { createEmailChannel, createGroup, createMemberCheck } from './helpers';

describe('check group alert channel subscriptions', () => {
  let server: TestServer;
  let first: number;
  let second: number;

  beforeAll(async () => {
    server = await startServer();
    first = await createEmailChannel(server, 'one@example.com');
    second = await createEmailChannel(server, 'two@example.com');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('autoAssignAlerts (default true) subscribes the new group to every existing channel', async () => {
    const group = await createGroup(server);
    expect(group.alertChannelSubscriptions).toEqual([
      { alertChannelId: first, activated: true },
      { alertChannelId: second, activated: true },
    ]);
    expect((await createGroup(server, {}, '?autoAssignAlerts=true')).alertChannelSubscriptions).toHaveLength(2);
  });

  it('with autoAssignAlerts the named subscriptions set their own activated flag', async () => {
    const group = await createGroup(server, { alertChannelSubscriptions: [{ alertChannelId: second, activated: false }] });
    expect(group.alertChannelSubscriptions).toEqual([
      { alertChannelId: first, activated: true },
      { alertChannelId: second, activated: false },
    ]);
  });

  it('autoAssignAlerts=false subscribes only the named channels', async () => {
    expect((await createGroup(server, {}, '?autoAssignAlerts=false')).alertChannelSubscriptions).toEqual([]);
    const group = await createGroup(server, { alertChannelSubscriptions: [{ alertChannelId: second, activated: true }] }, '?autoAssignAlerts=false');
    expect(group.alertChannelSubscriptions).toEqual([{ alertChannelId: second, activated: true }]);
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body.alertChannelSubscriptions).toEqual([{ alertChannelId: second, activated: true }]);
  });

  it('rejects an unknown channel with 400 and creates nothing', async () => {
    const before = (await server.api('GET', '/v1/check-groups?limit=100')).headers.get('content-range');
    for (const query of ['', '?autoAssignAlerts=false']) {
      const res = await server.api('POST', `/v2/check-groups${query}`, { name: 'Bad channel', alertChannelSubscriptions: [{ alertChannelId: 424242, activated: true }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'alertChannelSubscriptions[0].alertChannelId: no alert channel with id 424242' });
    }
    expect((await server.api('GET', '/v1/check-groups?limit=100')).headers.get('content-range')).toBe(before);
  });

  it('rejects an autoAssignAlerts that is not a boolean', async () => {
    const res = await server.api('POST', '/v2/check-groups?autoAssignAlerts=maybe', { name: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('autoAssignAlerts');
  });

  it('a PUT naming alertChannelSubscriptions replaces the whole set; without it they stay', async () => {
    const group = await createGroup(server);
    const kept = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'Renamed' });
    expect(kept.body.alertChannelSubscriptions).toHaveLength(2);

    const replaced = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'Renamed', alertChannelSubscriptions: [{ alertChannelId: second, activated: false }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.alertChannelSubscriptions).toEqual([{ alertChannelId: second, activated: false }]);

    const cleared = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'Renamed', alertChannelSubscriptions: [] });
    expect(cleared.body.alertChannelSubscriptions).toEqual([]);
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body.alertChannelSubscriptions).toEqual([]);
  });

  it('a PUT naming an unknown channel answers 400 and leaves the subscriptions alone', async () => {
    const group = await createGroup(server);
    const res = await server.api('PUT', `/v2/check-groups/${group.id}`, { name: 'Nope', alertChannelSubscriptions: [{ alertChannelId: first, activated: true }, { alertChannelId: 999, activated: true }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('alertChannelSubscriptions[1].alertChannelId: no alert channel with id 999');
    expect((await server.api('GET', `/v1/check-groups/${group.id}`)).body).toEqual(group);
  });

  it('a member check lists the union of its own and the group\'s channels', async () => {
    const group = await createGroup(server, { alertChannelSubscriptions: [{ alertChannelId: first, activated: true }] }, '?autoAssignAlerts=false');
    await createMemberCheck(server, group.id, { alertChannelSubscriptions: [{ alertChannelId: second, activated: true }] }, '?autoAssignAlerts=false');
    const listed = (await server.api('GET', `/v1/check-groups/${group.id}/checks`)).body[0];
    expect(listed.alertChannelSubscriptions).toEqual([
      { alertChannelId: first, activated: true },
      { alertChannelId: second, activated: true },
    ]);
  });
});

describe('check groups in /openapi.json and over tRPC', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('documents every route, and doubleCheck as deprecated', async () => {
    const doc = (await makeApi(server.url, null)('GET', '/openapi.json')).body;
    expect(doc.paths['/v2/check-groups'].post).toBeDefined();
    expect(doc.paths['/v2/check-groups/{id}'].put).toBeDefined();
    expect(doc.paths['/v2/check-groups/{id}'].get).toBeDefined();
    expect(doc.paths['/v1/check-groups'].get).toBeDefined();
    expect(doc.paths['/v1/check-groups/{id}'].get).toBeDefined();
    expect(doc.paths['/v1/check-groups/{id}'].delete).toBeDefined();
    expect(doc.paths['/v1/check-groups/{id}/checks'].get).toBeDefined();
    expect(Object.keys(doc.paths['/v1/check-groups/{id}'].delete.responses)).toEqual(expect.arrayContaining(['204', '404', '409']));

    const post = doc.paths['/v2/check-groups'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '429']));
    const body = post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name']);
    expect(body.properties.doubleCheck).toMatchObject({ type: 'boolean', default: false, deprecated: true });
    expect(body.properties.concurrency).toMatchObject({ default: 3, minimum: 1 });
    expect(body.properties.environmentVariables.maxItems).toBe(100);
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('autoAssignAlerts');
    const putBody = doc.paths['/v2/check-groups/{id}'].put.requestBody.content['application/json'].schema;
    expect(putBody.properties.doubleCheck.deprecated).toBe(true);
    const read = post.responses['201'].content['application/json'].schema;
    expect(read.required).toEqual(expect.arrayContaining(['id', 'name', 'activated', 'concurrency', 'apiCheckDefaults']));
  });

  it('the tRPC twins create, read, list, update, list checks and delete the same data REST sees', async () => {
    const trpc = trpcClient(server.url, server.key);
    const created = await trpc.checkGroups.create.mutate({ group: { name: 'Over tRPC', tags: ['rpc'] }, autoAssignAlerts: false });
    expect((await server.api('GET', `/v1/check-groups/${created.id}`)).body).toEqual(created);
    expect(await trpc.checkGroups.get.query({ id: created.id })).toEqual(created);
    expect(await trpc.checkGroups.list.query({ tag: ['rpc'] })).toEqual({ items: [created], total: 1, page: 1, limit: 10 });

    const updated = await trpc.checkGroups.update.mutate({ id: created.id, patch: { concurrency: 9 } });
    expect(updated.concurrency).toBe(9);

    const member = await createMemberCheck(server, created.id);
    const checks = await trpc.checkGroups.checks.query({ id: created.id });
    expect(checks).toMatchObject({ total: 1, items: [{ id: member.id }] });

    const conflict = await trpcError(trpc.checkGroups.delete.mutate({ id: created.id }));
    expect(conflict.data?.code).toBe('CONFLICT');

    await server.api('DELETE', `/v1/checks/${member.id}`);
    expect(await trpc.checkGroups.delete.mutate({ id: created.id })).toEqual({ id: created.id });
    const missing = await trpcError(trpc.checkGroups.get.query({ id: created.id }));
    expect(missing.data?.code).toBe('NOT_FOUND');
  });
});
