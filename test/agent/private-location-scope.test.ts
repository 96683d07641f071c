import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src-main/db/repositories/accounts';
import { createPrivateLocation } from '../../src-main/services/private-locations';
import { PrivateLocationCreate } from '../../src-shared/schemas/private-location';
import { addMemberWithKey } from '../accounts/helpers';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';

const notHere = (index: number, slug: string) =>
  `privateLocations[${index}]: no private location "${slug}" in this account; create it first (POST /v1/private-locations, or Agent → Private locations in the console) or use "local"`;

const CHECK_CREATES: Array<[string, (privateLocations: string[]) => Record<string, unknown>]> = [
  ['/v1/checks/icmp', (privateLocations) => icmpBody({ privateLocations })],
  ['/v1/checks/traceroute', (privateLocations) => ({ name: 'path', request: { url: '127.0.0.1' }, privateLocations })],
  ['/v1/checks/multistep', (privateLocations) => ({ name: 'flow', script: 'console.log(1)', privateLocations })],
  ['/v2/check-groups', (privateLocations) => ({ name: 'group', privateLocations })],
];

describe('private locations belong to one account', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
    // A second account exists only below the API (one account per install today); its location is made by the service.
    const other = randomUUID();
    await insertAccount(server.backend.deps.db, { id: other, name: 'Neighbour', createdAt: new Date().toISOString(), maxChecks: null, alertSettings: null });
    await createPrivateLocation({ ...server.backend.deps, accountId: other }, PrivateLocationCreate.parse({ name: 'Their office', slugName: 'their-office' }));
    expect((await server.api('POST', '/v1/private-locations', { name: 'Our office', slugName: 'our-office' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const counts = async () => [
    (await server.api('GET', '/v1/checks')).headers.get('content-range'),
    (await server.api('GET', '/v1/check-groups')).headers.get('content-range'),
  ];

  it.each(CHECK_CREATES)('POST %s refuses another account\'s slug, and an unknown one, naming the entry; nothing is stored', async (path, body) => {
    const before = await counts();
    const theirs = await server.api('POST', path, body(['our-office', 'their-office']));
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ statusCode: 400, error: 'Bad Request', message: notHere(1, 'their-office') });
    const unknown = await server.api('POST', path, body(['nowhere']));
    expect(unknown.body.message).toBe(notHere(0, 'nowhere'));
    expect(await counts()).toEqual(before);
  });

  it.each(CHECK_CREATES)('POST %s accepts its own slugs (in any case) and "local"', async (path, body) => {
    const res = await server.api('POST', path, body(['our-office', 'OUR-OFFICE', 'local']));
    expect(res.status, res.text).toBe(201);
    expect(res.body.privateLocations).toEqual(['our-office', 'OUR-OFFICE', 'local']);
  });

  it('a PUT that adds another account\'s slug answers 400 and keeps the check and the group as they were', async () => {
    const check = await server.api('POST', '/v1/checks/icmp', icmpBody({ privateLocations: ['our-office'] }));
    const put = await server.api('PUT', `/v1/checks/icmp/${check.body.id}`, { privateLocations: ['our-office', 'their-office'] });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(notHere(1, 'their-office'));
    expect((await server.api('GET', `/v1/checks/${check.body.id}`)).body).toEqual(check.body);

    const group = await server.api('POST', '/v2/check-groups', { name: 'Scoped', privateLocations: ['local'] });
    const groupPut = await server.api('PUT', `/v2/check-groups/${group.body.id}`, { name: 'Scoped', privateLocations: ['their-office'] });
    expect(groupPut.status).toBe(400);
    expect(groupPut.body.message).toBe(notHere(0, 'their-office'));
    expect((await server.api('GET', `/v1/check-groups/${group.body.id}`)).body).toEqual(group.body);
  });

  it('tRPC refuses another account\'s slug with the same message', async () => {
    const trpc = trpcClient(server.url, server.key);
    const error = await trpcError(trpc.checks.createIcmp.mutate({ name: 'via tRPC', request: { hostname: '127.0.0.1' }, privateLocations: ['their-office'] }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(notHere(0, 'their-office'));
  });
});

describe('creating a private location mints an agent key, so it needs ADMIN', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 403 to a READ_WRITE key on REST and tRPC, and creates nothing', async () => {
    const writer = await addMemberWithKey(server, 'READ_WRITE');
    const res = await writer.api('POST', '/v1/private-locations', { name: 'Sneaky', slugName: 'sneaky' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: expect.stringContaining('ADMIN') });
    expect(res.text).not.toContain('pl_');
    const error = await trpcError(trpcClient(server.url, writer.key).privateLocations.create.mutate({ name: 'Sneaky', slugName: 'sneaky' }));
    expect(error.data?.code).toBe('FORBIDDEN');
    expect((await server.api('GET', '/v1/private-locations')).body).toEqual([]);
  });

  it('still lets a READ_WRITE key rename a location, while an ADMIN key creates one with its first key', async () => {
    const admin = await addMemberWithKey(server, 'ADMIN');
    const created = await admin.api('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' });
    expect(created.status).toBe(201);
    expect(created.body.keys).toEqual([expect.objectContaining({ rawKey: expect.stringMatching(/^pl_/) })]);
    const writer = await addMemberWithKey(server, 'READ_WRITE');
    const renamed = await writer.api('PUT', `/v1/private-locations/${created.body.id}`, { name: 'Head office' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.keys.every((key: { rawKey: string; maskedKey: string }) => key.rawKey === key.maskedKey)).toBe(true);
  });
});
