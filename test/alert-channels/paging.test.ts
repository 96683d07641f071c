import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

const COUNT = 13;
const addressOf = (n: number) => `ops${String(n).padStart(2, '0')}@example.com`;

describe('GET /v1/alert-channels paging', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
    for (let n = 1; n <= COUNT; n++) {
      const res = await server.api('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: addressOf(n) } });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function list(query: string) {
    const res = await server.api('GET', `/v1/alert-channels${query}`);
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    return { addresses: (res.body as { config: { address: string } }[]).map((c) => c.config.address), range: res.headers.get('content-range') };
  }

  it('answers a bare array of the first 10, oldest first, with content-range 0-9/13', async () => {
    const first = await list('');
    expect(first.addresses).toEqual(Array.from({ length: 10 }, (_, i) => addressOf(i + 1)));
    expect(first.range).toBe('0-9/13');
  });

  it('pages with limit and page', async () => {
    expect(await list('?limit=5&page=3')).toEqual({ addresses: [addressOf(11), addressOf(12), addressOf(13)], range: '10-12/13' });
    expect(await list('?limit=1&page=13')).toEqual({ addresses: [addressOf(13)], range: '12-12/13' });
    expect(await list('?limit=100')).toMatchObject({ range: '0-12/13' });
    expect(await list('?page=9')).toEqual({ addresses: [], range: '80-80/13' });
  });

  it('each item is the full read shape with its subscriptions', async () => {
    const res = await server.api('GET', '/v1/alert-channels?limit=1');
    const one = await server.api('GET', `/v1/alert-channels/${res.body[0].id}`);
    expect(res.body).toEqual([one.body]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'page=0', 'page=-1'])('rejects %s with 400', async (query) => {
    const res = await server.api('GET', `/v1/alert-channels?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^(limit|page): /);
  });

});
