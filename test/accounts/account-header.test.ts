import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
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
    expect([...families]).toEqual(expect.arrayContaining(['/v1/checks', '/v1/accounts']));
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });
});
