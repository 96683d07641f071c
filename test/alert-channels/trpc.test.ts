import { describe, expect, it } from 'vitest';
import { icmpBody } from '../helpers/server';
import { trpcError } from '../helpers/trpc';
import { channelBody, STORED_CONFIGS } from './fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

describe('alertChannels tRPC twins', () => {
  const env = useServerWithClients();

  it('create, get, list, update, subscribe and delete match what REST sees', async () => {
    const created = await env.trpc.alertChannels.create.mutate({ type: 'PAGERDUTY', config: { serviceKey: 'pd-service-key' } });
    expect(created).toMatchObject({ type: 'PAGERDUTY', config: STORED_CONFIGS.PAGERDUTY, sslExpiryThreshold: 30, subscriptions: [] });
    expect((await env.server.api('GET', `/v1/alert-channels/${created.id}`)).body).toEqual(created);
    expect(await env.trpc.alertChannels.get.query({ id: created.id })).toEqual(created);

    const page = await env.trpc.alertChannels.list.query({ limit: 10, page: 1 });
    expect(page).toEqual({ items: [created], total: 1, page: 1, limit: 10 });

    const updated = await env.trpc.alertChannels.update.mutate({ id: created.id, body: { type: 'EMAIL', config: { address: 'x@example.com' }, sendDegraded: true } });
    expect(updated).toMatchObject({ type: 'EMAIL', config: { address: 'x@example.com' }, sendDegraded: true });

    const check = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody());
    const subscription = await env.trpc.alertChannels.updateSubscription.mutate({ id: created.id, subscription: { checkId: check.body.id, activated: true } });
    expect(subscription).toEqual({ id: expect.any(Number), checkId: check.body.id, groupId: null, activated: true });

    await env.trpc.alertChannels.delete.mutate({ id: created.id });
    expect((await env.server.api('GET', `/v1/alert-channels/${created.id}`)).status).toBe(404);
  });

  it('maps validation and missing channels to tRPC errors', async () => {
    const bad = await trpcError(env.trpc.alertChannels.create.mutate(channelBody('EMAIL', { sslExpiryThreshold: 31 }) as never));
    expect(bad.data?.code).toBe('BAD_REQUEST');
    expect(bad.message).toMatch(/^sslExpiryThreshold: /);

    const missing = await trpcError(env.trpc.alertChannels.get.query({ id: 999 }));
    expect(missing.data?.code).toBe('NOT_FOUND');
  });
});
