import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, startServer, type ApiResponse, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { addMemberWithKey, ownerUserId } from './helpers';

const BAD_TOKEN = { statusCode: 401, error: 'Unauthorized', message: 'Bad Token' };
const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'Forbidden' };

describe('account members', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the first-start owner as an active member', async () => {
    const res = await server.api('GET', '/v1/accounts/me/members');
    expect(res.status).toBe(200);
    expect(res.body.nextId).toBeNull();
    expect(res.body.length).toBe(res.body.members.length);
    expect(res.body.members[0]).toMatchObject({
      type: 'member',
      accountId: server.backend.accountId,
      role: 'OWNER',
      status: 'ACTIVE',
      isSupportMembership: false,
      ssoEnabled: false,
      mfaEnabled: false,
    });
    expect(Object.keys(res.body.members[0]).sort()).toEqual(
      ['accountId', 'createdAt', 'email', 'isSupportMembership', 'mfaEnabled', 'name', 'role', 'ssoEnabled', 'status', 'type', 'updatedAt', 'userId'].sort(),
    );
  });

  it('adds a member with a key that works at once and is shown only in the create answer', async () => {
    const email = `Ada.${Date.now()}@Example.test`;
    const res = await server.api('POST', '/v1/accounts/me/members', { name: 'Ada', email, role: 'READ_WRITE' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'member', name: 'Ada', email: email.toLowerCase(), role: 'READ_WRITE', status: 'ACTIVE' });
    expect(res.body.apiKey).toMatchObject({ memberId: res.body.userId, role: 'READ_WRITE' });
    expect(res.body.apiKey.apiKey).toMatch(/^sl_[A-Za-z0-9_-]{40}$/);
    const me = await makeApi(server.url, res.body.apiKey.apiKey)('GET', '/v1/accounts/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(server.backend.accountId);
    const list = await server.api('GET', `/v1/accounts/me/members?search=${encodeURIComponent('ada.')}`);
    expect(list.body.members).toHaveLength(1);
    expect(list.body.members[0]).not.toHaveProperty('apiKey');
    expect(list.text).not.toContain(res.body.apiKey.apiKey);
  });

  it('answers 409 for a second member with the same e-mail, in any case', async () => {
    const member = await addMemberWithKey(server, 'READ_ONLY');
    const res = await server.api('POST', '/v1/accounts/me/members', { name: 'Twin', email: member.email.toUpperCase(), role: 'READ_ONLY' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(res.body.message).toContain(member.email);
  });

  it.each([
    ['no name', { email: 'a@example.test', role: 'ADMIN' }, 'name'],
    ['an empty name', { name: ' ', email: 'a@example.test', role: 'ADMIN' }, 'name'],
    ['a bad e-mail', { name: 'A', email: 'not-an-email', role: 'ADMIN' }, 'email'],
    ['an unknown role', { name: 'A', email: 'a@example.test', role: 'SUPERUSER' }, 'role'],
    ['no role', { name: 'A', email: 'a@example.test' }, 'role'],
  ])('answers 400 naming the field for %s', async (_label, body, field) => {
    const res = await server.api('POST', '/v1/accounts/me/members', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
    expect(res.body.message).toContain(`${field}: `);
  });

  it('invites: pending, without a key, filtered by type and status', async () => {
    const email = `invitee-${Date.now()}@example.test`;
    const res = await server.api('POST', '/v1/accounts/me/invites', { email, role: 'READ_RUN' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'invite', email, role: 'READ_RUN', status: 'PENDING', accountId: server.backend.accountId });
    expect(res.body).not.toHaveProperty('apiKey');
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)).toBe(7 * 24 * 3600 * 1000);
    expect(res.body.inviterEmail).toMatch(/@/);
    const invites = await server.api('GET', '/v1/accounts/me/members?type=invite');
    expect(invites.body.members.map((m: { email: string }) => m.email)).toContain(email);
    expect(invites.body.members.every((m: { type: string }) => m.type === 'invite')).toBe(true);
    const active = await server.api('GET', '/v1/accounts/me/members?status=ACTIVE');
    expect(active.body.members.map((m: { email: string }) => m.email)).not.toContain(email);
    const key = await server.api('POST', `/v1/accounts/me/members/${res.body.id}/api-keys`, {});
    expect(key.status).toBe(409);
    const owner = await server.api('POST', '/v1/accounts/me/invites', { email: `o-${email}`, role: 'OWNER' });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toContain('role: ');
  });

  it('filters by role and pages with an opaque nextId', async () => {
    for (let i = 0; i < 3; i += 1) await addMemberWithKey(server, 'READ_RUN');
    const all = (await server.api('GET', '/v1/accounts/me/members?role=READ_RUN&type=member')).body.members;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let nextId: string | null = null;
    do {
      const query: string = `/v1/accounts/me/members?role=READ_RUN&type=member&limit=2${nextId ? `&nextId=${nextId}` : ''}`;
      const page: ApiResponse = await server.api('GET', query);
      expect(page.status).toBe(200);
      expect(page.body.length).toBe(page.body.members.length);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.members.map((m: { userId: string }) => m.userId));
      nextId = page.body.nextId;
    } while (nextId);
    expect(seen).toEqual(all.map((m: { userId: string }) => m.userId));
    const first = await server.api('GET', '/v1/accounts/me/members?role=READ_RUN&limit=1');
    const otherQuery = await server.api('GET', `/v1/accounts/me/members?role=ADMIN&limit=1&nextId=${first.body.nextId}`);
    expect(otherQuery.status).toBe(400);
    expect(otherQuery.body.message).toContain('nextId: ');
    const withoutLimit = await server.api('GET', `/v1/accounts/me/members?nextId=${first.body.nextId}`);
    expect(withoutLimit.status).toBe(400);
    expect((await server.api('GET', '/v1/accounts/me/members?limit=0')).status).toBe(400);
    expect((await server.api('GET', '/v1/accounts/me/members?limit=101')).status).toBe(400);
    expect((await server.api('GET', '/v1/accounts/me/members?role=OWNER')).body.members.every((m: { role: string }) => m.role === 'OWNER')).toBe(true);
  });

  it('PATCH changes the role, and the member’s keys act with the new role at once', async () => {
    const member = await addMemberWithKey(server, 'READ_WRITE');
    const res = await server.api('PATCH', `/v1/accounts/me/members/${member.userId}`, { role: 'READ_ONLY' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'member', userId: member.userId, role: 'READ_ONLY' });
    const write = await member.api('POST', '/v1/checks/icmp', { name: 'x', request: { hostname: '127.0.0.1' } });
    expect(write.status).toBe(403);
    expect((await server.api('PATCH', `/v1/accounts/me/members/${member.userId}`, { role: 'OWNER' })).status).toBe(400);
    expect((await server.api('PATCH', `/v1/accounts/me/members/${member.userId}`, { role: 'ADMIN', extra: 1 })).status).toBe(400);
    expect((await server.api('PATCH', `/v1/accounts/me/members/${member.userId}`, {})).status).toBe(400);
  });

  it('answers 400 naming userId for an id that is not a uuid (public API: format uuid)', async () => {
    for (const [method, path, body] of [
      ['PATCH', '/v1/accounts/me/members/not-a-uuid', { role: 'ADMIN' }],
      ['DELETE', '/v1/accounts/me/members/not-a-uuid', undefined],
      ['POST', '/v1/accounts/me/members/not-a-uuid/api-keys', {}],
      ['DELETE', `/v1/accounts/${server.backend.accountId}/members/not-a-uuid`, undefined],
    ] as const) {
      const res = await server.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain('userId: ');
    }
  });

  it('answers 404 for unknown members on PATCH, DELETE and key creation', async () => {
    for (const id of [randomUUID()]) {
      for (const [method, path, body] of [
        ['PATCH', `/v1/accounts/me/members/${id}`, { role: 'ADMIN' }],
        ['DELETE', `/v1/accounts/me/members/${id}`, undefined],
        ['POST', `/v1/accounts/me/members/${id}/api-keys`, {}],
        ['DELETE', `/v1/accounts/${server.backend.accountId}/members/${id}`, undefined],
      ] as const) {
        const res = await server.api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    }
  });

  it('DELETE answers 204 with no body and revokes every key of the member', async () => {
    const member = await addMemberWithKey(server, 'ADMIN');
    const second = await server.api('POST', `/v1/accounts/me/members/${member.userId}/api-keys`, { label: 'CI' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ memberId: member.userId, label: 'CI', role: 'ADMIN' });
    const secondApi = makeApi(server.url, second.body.apiKey);
    expect((await secondApi('GET', '/v1/accounts/me')).status).toBe(200);

    const res = await server.api('DELETE', `/v1/accounts/${server.backend.accountId}/members/${member.userId}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    for (const api of [member.api, secondApi]) {
      const after = await api('GET', '/v1/accounts/me');
      expect(after.status).toBe(401);
      expect(after.body).toEqual(BAD_TOKEN);
    }
    const list = await server.api('GET', '/v1/accounts/me/members');
    expect(list.body.members.map((m: { userId?: string }) => m.userId)).not.toContain(member.userId);
    expect((await server.api('DELETE', `/v1/accounts/me/members/${member.userId}`)).status).toBe(404);
  });

  it('withdraws an invite with DELETE', async () => {
    const invite = await server.api('POST', '/v1/accounts/me/invites', { email: `gone-${Date.now()}@example.test`, role: 'READ_ONLY' });
    expect((await server.api('DELETE', `/v1/accounts/me/members/${invite.body.id}`)).status).toBe(204);
    const invites = await server.api('GET', '/v1/accounts/me/members?type=invite');
    expect(invites.body.members.map((m: { id: string }) => m.id)).not.toContain(invite.body.id);
  });

  it('refuses to remove or demote the last OWNER with 409, and allows it once another owner exists', async () => {
    const ownerId = await ownerUserId(server);
    const remove = await server.api('DELETE', `/v1/accounts/me/members/${ownerId}`);
    expect(remove.status).toBe(409);
    expect(remove.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(remove.body.message).toContain('last OWNER');
    const demote = await server.api('PATCH', `/v1/accounts/me/members/${ownerId}`, { role: 'ADMIN' });
    expect(demote.status).toBe(409);
    expect((await server.api('GET', '/v1/accounts/me')).status).toBe(200);

    const second = await addMemberWithKey(server, 'OWNER');
    const demoted = await second.api('PATCH', `/v1/accounts/me/members/${ownerId}`, { role: 'ADMIN' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('ADMIN');
    const lastAgain = await second.api('DELETE', `/v1/accounts/me/members/${second.userId}`);
    expect(lastAgain.status).toBe(409);
    // Restore: the server's own key is the first owner's.
    expect((await second.api('DELETE', `/v1/accounts/me/members/${ownerId}`)).status).toBe(204);
    expect((await server.api('GET', '/v1/accounts/me')).status).toBe(401);
  });
});

describe('account paths naming an account', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('GET /v1/accounts/{accountId} answers the key’s own account like /me', async () => {
    const me = await server.api('GET', '/v1/accounts/me');
    const byId = await server.api('GET', `/v1/accounts/${server.backend.accountId}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(me.body);
    expect(me.body).toMatchObject({ id: server.backend.accountId, plan: 'local', maxChecks: null, features: [] });
  });

  it('answers 403 Forbidden for any other account id on every account path', async () => {
    const other = randomUUID();
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/accounts/${other}`],
      ['GET', `/v1/accounts/${other}/members`],
      ['POST', `/v1/accounts/${other}/members`, { name: 'X', email: 'x@example.test', role: 'ADMIN' }],
      ['POST', `/v1/accounts/${other}/invites`, { email: 'x@example.test', role: 'ADMIN' }],
      ['PATCH', `/v1/accounts/${other}/members/${randomUUID()}`, { role: 'ADMIN' }],
      ['DELETE', `/v1/accounts/${other}/members/${randomUUID()}`],
      ['POST', `/v1/accounts/${other}/members/${randomUUID()}/api-keys`, {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    const members = await server.api('GET', '/v1/accounts/me/members');
    expect(members.body.members.map((m: { email: string }) => m.email)).not.toContain('x@example.test');
  });

  it('the {accountId} member paths work for the key’s own account', async () => {
    const base = `/v1/accounts/${server.backend.accountId}`;
    const added = await server.api('POST', `${base}/members`, { name: 'Byid', email: 'byid@example.test', role: 'READ_ONLY' });
    expect(added.status).toBe(201);
    const listed = await server.api('GET', `${base}/members?search=BYID`);
    expect(listed.body.members).toHaveLength(1);
    const patched = await server.api('PATCH', `${base}/members/${added.body.userId}`, { role: 'READ_RUN' });
    expect(patched.body.role).toBe('READ_RUN');
    const key = await server.api('POST', `${base}/members/${added.body.userId}/api-keys`);
    expect(key.status).toBe(201);
    expect(key.body.role).toBe('READ_RUN');
  });
});
