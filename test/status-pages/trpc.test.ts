import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trpcError } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

describe('statusPages tRPC twins', () => {
  const env = useServerWithClients();

  it('status pages round-trip over tRPC and REST sees the same data', async () => {
    const service = await env.trpc.statusPages.services.create.mutate({ name: 'On a card' });
    const page = await env.trpc.statusPages.pages.create.mutate({ name: 'Over tRPC', url: 'over-trpc', cards: [{ name: 'Core', services: [{ id: service.id }] }] });
    expect(page.cards[0]?.services).toEqual([service]);
    expect((await env.server.api('GET', `/v1/status-pages/${page.id}`)).body).toEqual(page);
    const saved = await env.trpc.statusPages.pages.update.mutate({ id: page.id, body: { name: 'Renamed', url: 'over-trpc', cards: [] } });
    expect(saved).toMatchObject({ name: 'Renamed', cards: [] });
    expect((await env.trpc.statusPages.pages.list.query({})).entries).toEqual([saved]);
    const taken = await trpcError(env.trpc.statusPages.pages.create.mutate({ name: 'Again', url: 'over-trpc', cards: [] }));
    expect(taken.message).toContain('url: a status page with the url "over-trpc" already exists');
    await env.trpc.statusPages.pages.delete.mutate({ id: page.id });
    expect((await env.trpc.statusPages.pages.list.query({})).entries).toEqual([]);
    await env.trpc.statusPages.services.delete.mutate({ id: service.id });
  });

  it('services and incidents round-trip and REST sees the same data', async () => {
    const service = await env.trpc.statusPages.services.create.mutate({ name: 'Over tRPC' });
    expect(await env.trpc.statusPages.services.get.query({ id: service.id })).toEqual(service);
    const renamed = await env.trpc.statusPages.services.update.mutate({ id: service.id, body: { name: 'Renamed' } });
    expect(renamed.name).toBe('Renamed');
    expect((await env.trpc.statusPages.services.list.query({})).entries).toEqual([renamed]);

    const incident = await env.trpc.statusPages.incidents.create.mutate({
      name: 'Outage',
      severity: 'MINOR',
      services: [{ id: service.id, name: service.name, accountId: service.accountId }],
      incidentUpdates: [{ description: 'Looking', notifySubscribers: false }],
    });
    expect((await env.server.api('GET', `/v1/status-pages/incidents/${incident.id}`)).body).toEqual(incident);

    const update = await env.trpc.statusPages.incidents.addUpdate.mutate({ incidentId: incident.id, body: { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true } });
    expect(await env.trpc.statusPages.incidents.getUpdate.query({ incidentId: incident.id, updateId: update.id })).toEqual(update);
    const edited = await env.trpc.statusPages.incidents.editUpdate.mutate({ incidentId: incident.id, updateId: update.id, body: { description: 'Fixed for good' } });
    expect(edited).toEqual({ ...update, description: 'Fixed for good' });
    expect(await env.trpc.statusPages.incidents.listUpdates.query({ incidentId: incident.id })).toHaveLength(2);
    expect((await env.trpc.statusPages.incidents.get.query({ id: incident.id })).lastUpdateStatus).toBe('RESOLVED');

    const changed = await env.trpc.statusPages.incidents.update.mutate({ id: incident.id, body: { name: 'Big outage', severity: 'CRITICAL', services: [{ id: service.id, name: service.name, accountId: service.accountId }] } });
    expect(changed).toMatchObject({ name: 'Big outage', severity: 'CRITICAL' });
    expect((await env.trpc.statusPages.incidents.list.query({ limit: 5 })).entries).toEqual([changed]);

    await env.trpc.statusPages.incidents.deleteUpdate.mutate({ incidentId: incident.id, updateId: update.id });
    await env.trpc.statusPages.incidents.delete.mutate({ id: incident.id });
    await env.trpc.statusPages.services.delete.mutate({ id: service.id });
    expect((await env.server.api('GET', `/v1/status-pages/services/${service.id}`)).status).toBe(404);
  });

  it('maps unknown ids to NOT_FOUND and bad input to BAD_REQUEST', async () => {
    const missing = await trpcError(env.trpc.statusPages.incidents.get.query({ id: randomUUID() }));
    expect(missing.data?.code).toBe('NOT_FOUND');
    const bad = await trpcError(env.trpc.statusPages.services.create.mutate({ name: 'x'.repeat(256) }));
    expect(bad.data?.code).toBe('BAD_REQUEST');
    expect(bad.message).toContain('name');
  });
});
