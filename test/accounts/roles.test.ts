import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredAccess, roleAllows, ROUTE_ACCESS } from '../../src-main/services/auth/access';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';
import { addMemberWithKey, ownerUserId, ROLES, type MemberWithKey } from './helpers';
import { bodyFor, isRead, restRoutes } from './route-walk';

describe('the access rule', () => {
  it('reads need nothing, other methods write, listed operations run or administer', () => {
    expect(requiredAccess('GET', '/v1/checks')).toBe('read');
    expect(requiredAccess('HEAD', '/v1/checks')).toBe('read');
    expect(requiredAccess('POST', '/v1/checks/icmp')).toBe('write');
    expect(requiredAccess('DELETE', '/v1/checks/:id')).toBe('write');
    expect(requiredAccess('POST', '/v1/check-sessions/trigger')).toBe('run');
    expect(requiredAccess('post', '/v1/check-sessions/:id/cancel')).toBe('run');
    expect(requiredAccess('PUT', '/v1/accounts/me/plan')).toBe('admin');
    expect(requiredAccess('POST', '/v1/accounts/me/members')).toBe('admin');
    expect(requiredAccess('DELETE', '/v1/accounts/:accountId/members/:userId')).toBe('admin');
    expect(requiredAccess('GET', '/v1/accounts/me/members')).toBe('read');
    expect(requiredAccess('POST', '/v1/checks/icmp', 'run')).toBe('run');
  });

  it('each role allows what it should and nothing more', () => {
    const table = {
      OWNER: { read: true, run: true, write: true, admin: true },
      ADMIN: { read: true, run: true, write: true, admin: true },
      READ_WRITE: { read: true, run: true, write: true, admin: false },
      READ_RUN: { read: true, run: true, write: false, admin: false },
      READ_ONLY: { read: true, run: false, write: false, admin: false },
    } as const;
    for (const role of ROLES) {
      for (const access of ['read', 'run', 'write', 'admin'] as const) {
        expect(roleAllows(role, access), `${role} ${access}`).toBe(table[role][access]);
      }
    }
  });

  it('lists every run operation with a method other than GET', () => {
    for (const rule of ROUTE_ACCESS) expect(rule.method).not.toBe('GET');
  });
});

describe('roles on every REST route', () => {
  let server: TestServer;
  const keys: Partial<Record<(typeof ROLES)[number], MemberWithKey>> = {};

  beforeAll(async () => {
    server = await startServer();
    for (const role of ['ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'] as const) keys[role] = await addMemberWithKey(server, role);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('READ_ONLY keys read (200) and get 403 naming the rule on every other operation', async () => {
    const member = keys.READ_ONLY!;
    expect((await member.api('GET', '/v1/accounts/me')).status).toBe(200);
    expect((await member.api('GET', '/v1/checks')).status).toBe(200);
    expect((await member.api('GET', '/v1/accounts/me/members')).status).toBe(200);
    const routes = restRoutes(server);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const res = await member.api(route.method, route.path, bodyFor(route));
      if (isRead(route)) {
        expect(res.status, `${route.method} ${route.url}`).not.toBe(403);
        continue;
      }
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(res.body.message).toMatch(/^Forbidden: READ_ONLY keys may only read; this operation needs /);
    }
    const list = await server.api('GET', '/v1/checks');
    expect(list.body).toEqual([]);
  });

  it('READ_RUN keys may also trigger runs, nothing else', async () => {
    const member = keys.READ_RUN!;
    for (const route of restRoutes(server)) {
      if (isRead(route)) continue;
      const res = await member.api(route.method, route.path, bodyFor(route));
      if (requiredAccess(route.method, route.url) === 'run') {
        // The test-session trigger answers "nothing matched" with a 403 of its own (the public API's errorCode).
        if (res.status === 403) expect(res.body, `${route.method} ${route.url}`).toMatchObject({ errorCode: 'ERR_NO_MATCHING_CHECKS' });
        else expect(res.status, `${route.method} ${route.url}`).not.toBe(500);
      } else {
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
        expect(res.body.message).toMatch(/^Forbidden: READ_RUN keys may only read and trigger runs/);
      }
    }
  });

  it('READ_WRITE keys change monitors but not members, keys or the plan', async () => {
    const member = keys.READ_WRITE!;
    const created = await member.api('POST', '/v1/checks/icmp', icmpBody({ name: 'by READ_WRITE' }));
    expect(created.status).toBe(201);
    expect((await member.api('DELETE', `/v1/checks/${created.body.id}`)).status).toBe(204);
    const add = await member.api('POST', '/v1/accounts/me/members', { name: 'X', email: 'rw-added@example.test', role: 'READ_ONLY' });
    expect(add.status).toBe(403);
    expect(add.body.message).toBe(
      'Forbidden: READ_WRITE keys may read and change monitors, groups, channels and incidents; this operation needs an ADMIN or OWNER key (members, API keys and the plan)',
    );
    for (const route of restRoutes(server)) {
      if (requiredAccess(route.method, route.url) !== 'admin') continue;
      const res = await member.api(route.method, route.path, bodyFor(route));
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
    expect((await member.api('PUT', '/v1/accounts/me/plan', { maxChecks: 1 })).status).toBe(403);
    expect((await server.api('GET', '/v1/accounts/me')).body.maxChecks).toBeNull();
  });

  it('ADMIN keys manage members, but only an OWNER touches an OWNER', async () => {
    const admin = keys.ADMIN!;
    const added = await admin.api('POST', '/v1/accounts/me/members', { name: 'By admin', email: 'by-admin@example.test', role: 'READ_ONLY' });
    expect(added.status).toBe(201);
    expect((await admin.api('DELETE', `/v1/accounts/me/members/${added.body.userId}`)).status).toBe(204);
    const ownerId = await ownerUserId(server);
    const attempts: [string, string, unknown?][] = [
      ['POST', '/v1/accounts/me/members', { name: 'Usurper', email: 'usurper@example.test', role: 'OWNER' }],
      ['PATCH', `/v1/accounts/me/members/${ownerId}`, { role: 'READ_ONLY' }],
      ['DELETE', `/v1/accounts/me/members/${ownerId}`],
      ['POST', `/v1/accounts/me/members/${ownerId}/api-keys`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const res = await admin.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toMatch(/^Forbidden: only an OWNER key may .* an OWNER; this key is ADMIN$/);
    }
    const owners = await server.api('GET', '/v1/accounts/me/members?role=OWNER');
    expect(owners.body.members).toHaveLength(1);
  });

  it('tRPC: queries read, mutations write, member and plan procedures need ADMIN', async () => {
    const readOnly = trpcClient(server.url, keys.READ_ONLY!.key);
    expect((await readOnly.accounts.me.query()).id).toBe(server.backend.accountId);
    expect((await readOnly.accounts.members.list.query({})).members.length).toBeGreaterThan(0);
    const denied = await trpcError(readOnly.checks.createIcmp.mutate(icmpBody() as never));
    expect(denied.data?.code).toBe('FORBIDDEN');
    expect(denied.message).toMatch(/^Forbidden: READ_ONLY keys may only read/);

    const readWrite = trpcClient(server.url, keys.READ_WRITE!.key);
    const check = await readWrite.checks.createIcmp.mutate(icmpBody({ name: 'via tRPC' }) as never);
    expect(check).toHaveProperty('id');
    // One call at a time: calls made up front could be rejected before their turn to be awaited (an unhandled rejection).
    for (const call of [
      () => readWrite.accounts.setPlan.mutate({ maxChecks: 1 }),
      () => readWrite.accounts.members.add.mutate({ name: 'x', email: 'trpc-x@example.test', role: 'READ_ONLY' }),
      () => readWrite.accounts.createApiKey.mutate({ userId: keys.READ_WRITE!.userId }),
    ]) {
      expect((await trpcError(call())).data?.code).toBe('FORBIDDEN');
    }
  });
});
