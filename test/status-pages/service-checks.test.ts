import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trpcCode, trpcError } from '../helpers/trpc';
import { createService } from './fixtures';
import { createIcmpCheck } from './public-fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

describe('operators choose which checks back a status page service', () => {
  const env = useServerWithClients();

  it('links and replaces checks, lists them per service, and drops a link when its check is deleted', async () => {
    const api = await createService(env.server, 'API');
    const web = await createService(env.server, 'Web');
    const one = await createIcmpCheck(env.server, 'B ping', '127.0.0.1');
    const two = await createIcmpCheck(env.server, 'A ping', '127.0.0.2');

    expect(await env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [one, two] })).toEqual({
      serviceId: api.id,
      checks: [
        { id: two, name: 'A ping' },
        { id: one, name: 'B ping' },
      ],
    });
    const links = await env.trpc.statusPages.services.checkLinks.query();
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

    await env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [one] });
    expect((await env.trpc.statusPages.services.checkLinks.query()).services.find((s) => s.serviceId === api.id)?.checks).toEqual([{ id: one, name: 'B ping' }]);

    expect((await env.server.api('DELETE', `/v1/checks/${one}`)).status).toBe(204);
    expect((await env.trpc.statusPages.services.checkLinks.query()).services.find((s) => s.serviceId === api.id)?.checks).toEqual([]);
  });

  it('refuses unknown checks and services, naming the field', async () => {
    const api = await createService(env.server, 'API 2');
    const error = await trpcError(env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [randomUUID()] }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^checkIds: every id must be a check of this account/);
    expect((await trpcError(env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: ['not-a-uuid'] }))).message).toBe('checkIds[0]: must be the id of a check');
    const check = await createIcmpCheck(env.server, 'C ping', '127.0.0.1');
    expect((await trpcError(env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [check, check] }))).message).toMatch(/^checkIds: must not name a check twice/);
    expect(await trpcCode(env.trpc.statusPages.services.setChecks.mutate({ id: randomUUID(), checkIds: [] }))).toBe('NOT_FOUND');
  });
});
