import { describe, expect, it } from 'vitest';
import { icmpBody, makeApi } from '../helpers/server';
import { trpcCode } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

describe('tRPC twins of the account operations', () => {
  const env = useServerWithClients();

  it('members: list, add, invite, updateRole, createApiKey, remove — the same data as REST', async () => {
    const added = await env.trpc.accounts.members.add.mutate({ name: 'Grace', email: 'grace@example.test', role: 'READ_ONLY' });
    expect(added).toMatchObject({ type: 'member', name: 'Grace', role: 'READ_ONLY' });
    const restList = await env.server.api('GET', '/v1/accounts/me/members');
    expect(await env.trpc.accounts.members.list.query({})).toEqual(restList.body);

    const invite = await env.trpc.accounts.members.invite.mutate({ email: 'later@example.test', role: 'ADMIN' });
    expect(invite).toMatchObject({ type: 'invite', status: 'PENDING' });

    const updated = await env.trpc.accounts.members.updateRole.mutate({ userId: added.userId, role: 'READ_WRITE' });
    expect(updated.role).toBe('READ_WRITE');
    const key = await env.trpc.accounts.createApiKey.mutate({ userId: added.userId, label: 'laptop' });
    expect(key).toMatchObject({ memberId: added.userId, label: 'laptop', role: 'READ_WRITE' });
    const graceApi = makeApi(env.server.url, key.apiKey);
    expect((await graceApi('POST', '/v1/checks/icmp', icmpBody())).status).toBe(201);

    expect(await env.trpc.accounts.members.remove.mutate({ userId: added.userId })).toEqual({ userId: added.userId });
    expect((await graceApi('GET', '/v1/accounts/me')).status).toBe(401);
    expect((await makeApi(env.server.url, added.apiKey.apiKey)('GET', '/v1/accounts/me')).status).toBe(401);
  });

  it('answers NOT_FOUND, CONFLICT and BAD_REQUEST like REST', async () => {
    expect(await trpcCode(env.trpc.accounts.members.remove.mutate({ userId: 'nobody' }))).toBe('NOT_FOUND');
    const owner = (await env.trpc.accounts.members.list.query({ role: 'OWNER' })).members[0];
    const ownerId = owner.type === 'member' ? owner.userId : owner.id;
    expect(await trpcCode(env.trpc.accounts.members.remove.mutate({ userId: ownerId }))).toBe('CONFLICT');
    expect(await trpcCode(env.trpc.accounts.members.add.mutate({ name: 'x', email: 'nope', role: 'ADMIN' }))).toBe('BAD_REQUEST');
  });

  it('setPlan sets and clears the check limit', async () => {
    expect((await env.trpc.accounts.setPlan.mutate({ maxChecks: 3 })).maxChecks).toBe(3);
    expect((await env.server.api('GET', '/v1/accounts/me')).body.maxChecks).toBe(3);
    expect((await env.trpc.accounts.setPlan.mutate({ maxChecks: null })).maxChecks).toBeNull();
    expect(await trpcCode(env.trpc.accounts.setPlan.mutate({ maxChecks: -1 }))).toBe('BAD_REQUEST');
  });
});
