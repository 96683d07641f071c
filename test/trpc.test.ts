import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { icmpBody } from './helpers/server';
import { trpcClient, trpcError } from './helpers/trpc';
import { useServerWithClients } from './helpers/trpc-server';

describe('tRPC twins of the REST operations', () => {
  const env = useServerWithClients();

  it('accounts.me returns the same account as REST', async () => {
    const me = await env.trpc.accounts.me.query();
    const rest = await env.server.api('GET', '/v1/accounts/me');
    expect(me).toEqual(rest.body);
  });

  it('create, get, list, update and delete round-trip, and REST sees the same data', async () => {
    const created = await env.trpc.checks.createIcmp.mutate({ name: 'Over tRPC', tags: ['rpc'], request: { hostname: '127.0.0.1', pingCount: 2 } });
    expect(created).toMatchObject({ name: 'Over tRPC', checkType: 'ICMP', tags: ['rpc'], frequency: 10, updated_at: null, request: { hostname: '127.0.0.1', ipFamily: 'IPv4', pingCount: 2, assertions: [] } });
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(created);

    expect(await env.trpc.checks.get.query({ id: created.id })).toEqual(created);

    const page = await env.trpc.checks.list.query({ tag: ['rpc'] });
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(page.items).toEqual([created]);

    const updated = await env.trpc.checks.updateIcmp.mutate({ id: created.id, patch: { name: 'Renamed over tRPC', muted: true } });
    expect(updated).toMatchObject({ id: created.id, name: 'Renamed over tRPC', muted: true, tags: ['rpc'], request: created.request });
    expect(updated.updated_at).not.toBeNull();
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);

    expect(await env.trpc.checks.delete.mutate({ id: created.id })).toEqual({ id: created.id });
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).status).toBe(404);
    const gone = await trpcError(env.trpc.checks.get.query({ id: created.id }));
    expect(gone.data?.code).toBe('NOT_FOUND');
    expect(gone.data?.httpStatus).toBe(404);
  });

  it('lists with paging like REST', async () => {
    for (let i = 0; i < 3; i++) await env.trpc.checks.createIcmp.mutate(icmpBody({ name: `Paged ${i}`, tags: ['paged'] }) as never);
    const page = await env.trpc.checks.list.query({ tag: ['paged'], limit: 2, page: 2 });
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
    const rest = await env.server.api('GET', '/v1/checks?tag=paged&limit=2&page=2');
    expect(rest.body).toEqual(page.items);
  });

  it('answers NOT_FOUND for unknown ids on get, update and delete', async () => {
    const id = randomUUID();
    // One call at a time: calls made up front could be rejected before their turn to be awaited (an unhandled rejection).
    for (const call of [() => env.trpc.checks.get.query({ id }), () => env.trpc.checks.updateIcmp.mutate({ id, patch: { name: 'x' } }), () => env.trpc.checks.delete.mutate({ id })]) {
      const error = await trpcError(call());
      expect(error.data?.code).toBe('NOT_FOUND');
      expect(error.message).toBe('Not Found');
    }
  });

  it('answers UNAUTHORIZED without a key or with an unknown one, and creates nothing', async () => {
    for (const client of [trpcClient(env.server.url, null), trpcClient(env.server.url, 'sl_unknown_key')]) {
      const me = await trpcError(client.accounts.me.query());
      expect(me.data?.code).toBe('UNAUTHORIZED');
      expect(me.data?.httpStatus).toBe(401);
      expect(me.message).toBe('Bad Token');
      const create = await trpcError(client.checks.createIcmp.mutate({ name: 'Sneaky', request: { hostname: '127.0.0.1' } }));
      expect(create.data?.code).toBe('UNAUTHORIZED');
    }
    expect((await env.trpc.checks.list.query({ search: 'Sneaky' })).total).toBe(0);
  });

  it('answers FORBIDDEN when the account header names another account', async () => {
    const client = trpcClient(env.server.url, env.server.key, { 'x-service-account': randomUUID() });
    const error = await trpcError(client.accounts.me.query());
    expect(error.data?.code).toBe('FORBIDDEN');
    expect(error.message).toBe('Forbidden');
  });

  it('answers BAD_REQUEST naming the field for an invalid create, like REST', async () => {
    const body = { name: 'Too many pings', request: { hostname: '127.0.0.1', pingCount: 51 } };
    const error = await trpcError(env.trpc.checks.createIcmp.mutate(body));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.data?.httpStatus).toBe(400);
    expect(error.message).toBe('request.pingCount: must be 50 or less');
    const rest = await env.server.api('POST', '/v1/checks/icmp', body);
    expect(rest.body.message).toBe(error.message);
    expect((await env.trpc.checks.list.query({ search: 'Too many pings' })).total).toBe(0);
  });

  it('answers BAD_REQUEST for an invalid update and keeps the stored check', async () => {
    const created = await env.trpc.checks.createIcmp.mutate({ name: 'Stable', request: { hostname: '127.0.0.1' } });
    const error = await trpcError(env.trpc.checks.updateIcmp.mutate({ id: created.id, patch: { frequency: 7 as never } }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('patch.frequency: ');
    expect(await env.trpc.checks.get.query({ id: created.id })).toEqual(created);
  });

  it('answers BAD_REQUEST for a merged monitor that fails the cross-field rules', async () => {
    const created = await env.trpc.checks.createIcmp.mutate({ name: 'Offset', frequency: 60, frequencyOffset: 300, request: { hostname: '127.0.0.1' } });
    const error = await trpcError(env.trpc.checks.updateIcmp.mutate({ id: created.id, patch: { frequency: 5 } }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('frequencyOffset: with frequency 5 must be between 1 and 50');
  });

  it('answers PAYMENT_REQUIRED over the plan limit', async () => {
    const { total } = await env.trpc.checks.list.query({});
    await env.trpc.accounts.setPlan.mutate({ maxChecks: total });
    try {
      const error = await trpcError(env.trpc.checks.createIcmp.mutate({ name: 'Over the limit', request: { hostname: '127.0.0.1' } }));
      expect(error.data?.code).toBe('PAYMENT_REQUIRED');
      expect(error.data?.httpStatus).toBe(402);
    } finally {
      await env.trpc.accounts.setPlan.mutate({ maxChecks: null });
    }
  });
});
