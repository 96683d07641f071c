import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertChannel, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError, type TrpcClient } from '../helpers/trpc';

describe('tRPC twins of the traceroute and multi-step routes', () => {
  let server: TestServer;
  let trpc: TrpcClient;

  beforeAll(async () => {
    server = await startServer();
    trpc = trpcClient(server.url, server.key);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('createTraceroute and updateTraceroute answer what REST reads back', async () => {
    const channel = await createAlertChannel(server, 'EMAIL', { address: 'ops@example.com' });
    const created = await trpc.checks.createTraceroute.mutate({ name: 'path', request: { url: '127.0.0.1' } });
    expect(created).toMatchObject({ checkType: 'TRACEROUTE', request: { protocol: 'TCP', maxHops: 30 }, alertChannelSubscriptions: [{ alertChannelId: channel, activated: true }] });
    const updated = await trpc.checks.updateTraceroute.mutate({ id: created.id, patch: { request: { timeout: 5 } } });
    expect(updated.request).toEqual({ ...(created.request as object), timeout: 5 });
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
  });

  it('createMultiStep and updateMultiStep answer what REST reads back; a bad update changes nothing', async () => {
    const created = await trpc.checks.createMultiStep.mutate({ name: 'flow', script: 'console.log(1)' });
    expect(created).toMatchObject({ checkType: 'MULTI_STEP', frequency: 10, dependencies: [] });
    const updated = await trpc.checks.updateMultiStep.mutate({ id: created.id, patch: { frequency: 60 } });
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
    const wrongType = await trpcError(trpc.checks.updateTraceroute.mutate({ id: created.id, patch: { name: 'x' } }));
    expect(wrongType.data?.code).toBe('NOT_FOUND');
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
  });
});
