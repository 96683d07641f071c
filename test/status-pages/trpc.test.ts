import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError, type TrpcClient } from '../helpers/trpc';

describe('statusPages tRPC twins', () => {
  let server: TestServer;
  let trpc: TrpcClient;

  beforeAll(async () => {
    server = await startServer();
    trpc = trpcClient(server.url, server.key);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('status pages round-trip over tRPC and REST sees the same data', async () => {
    const service = await trpc.statusPages.services.create.mutate({ name: 'On a card' });
    const page = await trpc.statusPages.pages.create.mutate({ name: 'Over tRPC', url: 'over-trpc', cards: [{ name: 'Core', services: [{ id: service.id }] }] });
    expect(page.cards[0]?.services).toEqual([service]);
    expect((await server.api('GET', `/v1/status-pages/${page.id}`)).body).toEqual(page);
    const saved = await trpc.statusPages.pages.update.mutate({ id: page.id, body: { name: 'Renamed', url: 'over-trpc', cards: [] } });
    expect(saved).toMatchObject({ name: 'Renamed', cards: [] });
    expect((await trpc.statusPages.pages.list.query({})).entries).toEqual([saved]);
    const taken = await trpcError(trpc.statusPages.pages.create.mutate({ name: 'Again', url: 'over-trpc', cards: [] }));
    expect(taken.message).toContain('url: a status page with the url "over-trpc" already exists');
    await trpc.statusPages.pages.delete.mutate({ id: page.id });
    expect((await trpc.statusPages.pages.list.query({})).entries).toEqual([]);
    await trpc.statusPages.services.delete.mutate({ id: service.id });
  });

  it('services and incidents round-trip and REST sees the same data', async () => {
    const service = await trpc.statusPages.services.create.mutate({ name: 'Over tRPC' });
    expect(await trpc.statusPages.services.get.query({ id: service.id })).toEqual(service);
    const renamed = await trpc.statusPages.services.update.mutate({ id: service.id, body: { name: 'Renamed' } });
    expect(renamed.name).toBe('Renamed');
    expect((await trpc.statusPages.services.list.query({})).entries).toEqual([renamed]);

    const incident = await trpc.statusPages.incidents.create.mutate({
      name: 'Outage',
      severity: 'MINOR',
      services: [{ id: service.id, name: service.name, accountId: service.accountId }],
      incidentUpdates: [{ description: 'Looking', notifySubscribers: false }],
    });
    expect((await server.api('GET', `/v1/status-pages/incidents/${incident.id}`)).body).toEqual(incident);

    const update = await trpc.statusPages.incidents.addUpdate.mutate({ incidentId: incident.id, body: { description: 'Fixed', status: 'RESOLVED', notifySubscribers: true } });
    expect(await trpc.statusPages.incidents.getUpdate.query({ incidentId: incident.id, updateId: update.id })).toEqual(update);
    const edited = await trpc.statusPages.incidents.editUpdate.mutate({ incidentId: incident.id, updateId: update.id, body: { description: 'Fixed for good' } });
    expect(edited).toEqual({ ...update, description: 'Fixed for good' });
    expect(await trpc.statusPages.incidents.listUpdates.query({ incidentId: incident.id })).toHaveLength(2);
    expect((await trpc.statusPages.incidents.get.query({ id: incident.id })).lastUpdateStatus).toBe('RESOLVED');

    const changed = await trpc.statusPages.incidents.update.mutate({ id: incident.id, body: { name: 'Big outage', severity: 'CRITICAL', services: [{ id: service.id, name: service.name, accountId: service.accountId }] } });
    expect(changed).toMatchObject({ name: 'Big outage', severity: 'CRITICAL' });
    expect((await trpc.statusPages.incidents.list.query({ limit: 5 })).entries).toEqual([changed]);

    await trpc.statusPages.incidents.deleteUpdate.mutate({ incidentId: incident.id, updateId: update.id });
    await trpc.statusPages.incidents.delete.mutate({ id: incident.id });
    await trpc.statusPages.services.delete.mutate({ id: service.id });
    expect((await server.api('GET', `/v1/status-pages/services/${service.id}`)).status).toBe(404);
  });

  it('maps unknown ids to NOT_FOUND and bad input to BAD_REQUEST', async () => {
    const missing = await trpcError(trpc.statusPages.incidents.get.query({ id: randomUUID() }));
    expect(missing.data?.code).toBe('NOT_FOUND');
    const bad = await trpcError(trpc.statusPages.services.create.mutate({ name: 'x'.repeat(256) }));
    expect(bad.data?.code).toBe('BAD_REQUEST');
    expect(bad.message).toContain('name');
  });
});
