import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import { startServer, type TestServer } from '../helpers/server';
import { createService } from './fixtures';

const DELETE = Symbol('delete');
type Path = (string | number)[];

function mutate(body: unknown, path: Path, value: unknown): unknown {
  const copy: unknown = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (next === null || typeof next !== 'object') return copy;
    target = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) delete target[last];
  else target[last] = value;
  return copy;
}

const PATHS: Path[] = [
  ['name'],
  ['url'],
  ['customDomain'],
  ['logo'],
  ['favicon'],
  ['redirectTo'],
  ['defaultTheme'],
  ['isPrivate'],
  ['cards'],
  ['cards', 0],
  ['cards', 0, 'name'],
  ['cards', 0, 'services'],
  ['cards', 0, 'services', 0],
  ['cards', 0, 'services', 0, 'id'],
];
const interesting = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', ' ', 'x'.repeat(63), 'x'.repeat(64), 'a-b', '-a', 'A', 'AUTO', 'DARK', 'status.example.com', 'https://example.com/x.png', 'ftp://x', randomUUID(), -1, 0, true, false, null, [], {}),
);
const RUNS = { numRuns: 60 };

describe('random and mutated status page bodies', () => {
  let server: TestServer;
  let valid: Record<string, unknown>;
  let page: StatusPageView;
  let counter = 0;

  beforeAll(async () => {
    // Hundreds of requests in a few seconds: the per-key rate limit is not under test here.
    server = await startServer({ config: { rateLimitPerMinute: 1_000_000 } });
    const service = await createService(server, 'Property');
    valid = { name: 'Property page', url: 'property', cards: [{ name: 'Core', services: [{ id: service.id }] }] };
    page = (await server.api('POST', '/v1/status-pages', valid)).body;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const pageCount = async () => (await server.api('GET', '/v1/status-pages?limit=100')).body.length as number;
  const bodies = () =>
    fc.oneof(
      fc.tuple(fc.constantFrom(...PATHS), fc.oneof(fc.constant<typeof DELETE>(DELETE), interesting)).map(([path, value]) => {
        counter += 1;
        // A fresh slug unless the url itself is mutated, so a valid body is not refused as taken.
        return mutate({ ...valid, url: `p-${counter}` }, path, value);
      }),
      fc.oneof(fc.jsonValue(), fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue(), { maxKeys: 6 })),
    );

  it('POST never answers 5xx and stores nothing when it rejects', async () => {
    await fc.assert(
      fc.asyncProperty(bodies(), async (body) => {
        const before = await pageCount();
        const res = await server.api('POST', '/v1/status-pages', body);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status === 201) {
          await server.api('DELETE', `/v1/status-pages/${res.body.id}`);
          return;
        }
        expect([400, 404, 409]).toContain(res.status);
        expect(await pageCount()).toBe(before);
      }),
      RUNS,
    );
  });

  it('PUT never answers 5xx and a rejected PUT leaves the page as it was', async () => {
    const path = `/v1/status-pages/${page.id}`;
    await fc.assert(
      fc.asyncProperty(bodies(), async (body) => {
        const res = await server.api('PUT', path, body);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status === 200) {
          page = res.body;
          return;
        }
        expect([400, 404, 409]).toContain(res.status);
        expect((await server.api('GET', path)).body).toEqual(page);
      }),
      RUNS,
    );
  });
});
