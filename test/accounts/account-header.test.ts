import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcCode } from '../helpers/trpc';
import { bodyFor, restRoutes } from './route-walk';

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'Forbidden' };

describe('an account header naming another account', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['x-service-account', 'x-checkly-account'])('answers 403 Forbidden on every REST route (%s)', async (header) => {
    const families = new Set<string>();
    for (const route of restRoutes(server)) {
      const res = await server.api(route.method, route.path, bodyFor(route), { [header]: randomUUID() });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
      families.add(route.url.split('/').slice(0, 3).join('/'));
    }
    // The walk reaches the CLI's /next routes too (the test-session trigger once answered 500 here).
    expect([...families]).toEqual(expect.arrayContaining(['/v1/checks', '/v1/accounts', '/next/test-sessions', '/next/accounts']));
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });

  it('accepts the own account id in any letter case, in either header', async () => {
    const own = server.backend.accountId;
    for (const value of [own.toUpperCase(), own.toLowerCase(), ` ${own.toUpperCase()} `]) {
      for (const header of ['x-service-account', 'x-checkly-account']) {
        expect((await server.api('GET', '/v1/checks', undefined, { [header]: value })).status, `${header}: ${value}`).toBe(200);
        expect(await trpcClient(server.url, server.key, { [header]: value }).checks.list.query({}), header).toMatchObject({ items: [] });
      }
    }
  });

  it('answers 403 when either header names another account, even if the other names the own one', async () => {
    const own = server.backend.accountId;
    const other = randomUUID();
    for (const headers of [
      { 'x-service-account': own, 'x-checkly-account': other },
      { 'x-service-account': other, 'x-checkly-account': own },
      { 'x-service-account': own.toUpperCase(), 'x-checkly-account': other.toUpperCase() },
    ]) {
      const res = await server.api('GET', '/v1/checks', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
      expect(await trpcCode(trpcClient(server.url, server.key, headers).checks.list.query({}))).toBe('FORBIDDEN');
    }
    expect((await server.api('POST', '/v1/checks/icmp', { name: 'x', request: { hostname: '127.0.0.1' } }, { 'x-service-account': own, 'x-checkly-account': other })).status).toBe(403);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });
});
