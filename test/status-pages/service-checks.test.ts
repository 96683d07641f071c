import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcCode, trpcError, type TrpcClient } from '../helpers/trpc';
import { createService } from './fixtures';
import { createIcmpCheck } from './public-fixtures';

describe('operators choose which checks back a status page service', () => {
  let server: TestServer;
  let trpc: TrpcClient;

  beforeAll(async () => {
    server = await startServer();
    trpc = trpcClient(server.url, server.key);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('links and replaces checks, lists them per service, and drops a link when its check is deleted', async () => {
    const api = await createService(server, 'API');
    const web = await createService(server, 'Web');
    const one = await createIcmpCheck(server, 'B ping', '127.0.0.1');
    const two = await createIcmpCheck(server, 'A ping', '127.0.0.2');

    expect(await trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [one, two] })).toEqual({
      serviceId: api.id,
      checks: [
        { id: two, name: 'A ping' },
        { id: one, name: 'B ping' },
      ],
    });
    const links = await trpc.statusPages.services.checkLinks.query();
    expect(links.checks).toEqual([
      { id: two, name: 'A ping' },
      { id: one, name: 'B ping' },
    ]);
    expect(links.services).toEqual(
      expect.arrayContaining([
        { serviceId: api.id, checks: [{ id: two, name: 'A ping' }, { id: one, name: 'B ping' }] },
        { serviceId: web.id, checks: [] },
      ]),
    );

    await trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [one] });
    expect((await trpc.statusPages.services.checkLinks.query()).services.find((s) => s.serviceId === api.id)?.checks).toEqual([{ id: one, name: 'B ping' }]);

    expect((await server.api('DELETE', `/v1/checks/${one}`)).status).toBe(204);
    expect((await trpc.statusPages.services.checkLinks.query()).services.find((s) => s.serviceId === api.id)?.checks).toEqual([]);
  });

  it('refuses unknown checks and services, naming the field', async () => {
    const api = await createService(server, 'API 2');
    const error = await trpcError(trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [randomUUID()] }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^checkIds: every id must be a check of this account/);
    expect((await trpcError(trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: ['not-a-uuid'] }))).message).toBe('checkIds[0]: must be the id of a check');
    const check = await createIcmpCheck(server, 'C ping', '127.0.0.1');
    expect((await trpcError(trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [check, check] }))).message).toMatch(/^checkIds: must not name a check twice/);
    expect(await trpcCode(trpc.statusPages.services.setChecks.mutate({ id: randomUUID(), checkIds: [] }))).toBe('NOT_FOUND');
  });
});
