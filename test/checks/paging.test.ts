import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const COUNT = 23;
const pad = (n: number) => String(n).padStart(2, '0');
const nameOf = (n: number) => `Ping ${pad(n)}`;
function tagsOf(n: number): string[] {
  const tags: string[] = [];
  if (n % 2 === 0) tags.push('even');
  if (n % 5 === 0) tags.push('five');
  return tags;
}
/** Newest first: the API lists the most recently created check first. */
const NEWEST_FIRST = Array.from({ length: COUNT }, (_, i) => nameOf(COUNT - i));

describe('GET /v1/checks paging and filters', () => {
  let server: TestServer;

  beforeAll(async () => {
    const clock = new ManualClock('2026-02-01T00:00:00.000Z');
    server = await startServer({ clock });
    for (let n = 1; n <= COUNT; n++) {
      clock.advance(1000);
      const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: nameOf(n), tags: tagsOf(n) }));
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function list(query: string) {
    const res = await server.api('GET', `/v1/checks${query}`);
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    return { names: (res.body as { name: string }[]).map((c) => c.name), range: res.headers.get('content-range'), body: res.body };
  }

  it('answers a bare array of the first 10, newest first, with content-range 0-9/23', async () => {
    const { names, range, body } = await list('');
    expect(names).toEqual(NEWEST_FIRST.slice(0, 10));
    expect(range).toBe('0-9/23');
    expect(body[0]).toMatchObject({ checkType: 'ICMP', request: { hostname: '127.0.0.1' } });
  });

  it.each<[string, string[], string]>([
    ['?page=2', NEWEST_FIRST.slice(10, 20), '10-19/23'],
    ['?page=3', NEWEST_FIRST.slice(20), '20-22/23'],
    ['?limit=5&page=4', NEWEST_FIRST.slice(15, 20), '15-19/23'],
    ['?limit=1', NEWEST_FIRST.slice(0, 1), '0-0/23'],
    ['?limit=100', NEWEST_FIRST, '0-22/23'],
    ['?limit=23', NEWEST_FIRST, '0-22/23'],
    ['?limit=22&page=2', NEWEST_FIRST.slice(22), '22-22/23'],
  ])('%s', async (query, expected, range) => {
    const page = await list(query);
    expect(page.names).toEqual(expected);
    expect(page.range).toBe(range);
  });

  it('walking every page with limit 7 yields each check exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...(await list(`?limit=7&page=${page}`)).names);
    expect(seen).toEqual(NEWEST_FIRST);
  });

  it('a page past the end is empty but still reports the total', async () => {
    const { names, range } = await list('?page=4');
    expect(names).toEqual([]);
    expect(range).toMatch(/\/23$/);
  });

  it.each(['limit=0', 'limit=101', 'limit=-1', 'limit=2.5', 'limit=ten', 'page=0', 'page=-2', 'page=1.5', 'checkType=PING', 'groupId=0'])(
    'rejects ?%s with 400 naming the parameter',
    async (query) => {
      const res = await server.api('GET', `/v1/checks?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toContain(`${query.split('=')[0]}: `);
    },
  );

  it('filters by checkType', async () => {
    const icmp = await list('?checkType=ICMP&limit=100');
    expect(icmp.names).toEqual(NEWEST_FIRST);
    expect(icmp.range).toBe('0-22/23');
    const dns = await list('?checkType=DNS');
    expect(dns.names).toEqual([]);
    expect(dns.range).toMatch(/\/0$/);
  });

  it('filters by one tag', async () => {
    const even = await list('?tag=even&limit=100');
    expect(even.names).toEqual(NEWEST_FIRST.filter((n) => Number(n.slice(5)) % 2 === 0));
    expect(even.range).toBe('0-10/11');
    const five = await list('?tag=five');
    expect(five.names).toEqual(['Ping 20', 'Ping 15', 'Ping 10', 'Ping 05']);
    expect(five.range).toBe('0-3/4');
    const none = await list('?tag=odd');
    expect(none.names).toEqual([]);
  });

  it('a repeated tag matches checks having at least one of them', async () => {
    const either = await list('?tag=five&tag=even&limit=100');
    const expected = NEWEST_FIRST.filter((n) => {
      const i = Number(n.slice(5));
      return i % 2 === 0 || i % 5 === 0;
    });
    expect(either.names).toEqual(expected);
    expect(either.range).toBe(`0-${expected.length - 1}/${expected.length}`);
  });

  it('tag matches whole tags, not substrings', async () => {
    expect((await list('?tag=eve')).names).toEqual([]);
  });

  it('searches names by substring, ignoring case', async () => {
    const teens = await list('?search=ping%201&limit=100');
    expect(teens.names).toEqual(['Ping 19', 'Ping 18', 'Ping 17', 'Ping 16', 'Ping 15', 'Ping 14', 'Ping 13', 'Ping 12', 'Ping 11', 'Ping 10']);
    expect(teens.range).toBe('0-9/10');
    expect((await list('?search=PING%2023')).names).toEqual(['Ping 23']);
    expect((await list('?search=nothing-like-this')).names).toEqual([]);
  });

  it('treats LIKE wildcards in search as plain characters', async () => {
    for (const search of ['%25', '_', 'Ping%20_3', '%5C']) {
      const { names, range } = await list(`?search=${search}`);
      expect(names, search).toEqual([]);
      expect(range).toMatch(/\/0$/);
    }
  });

  it('combines filters and paging', async () => {
    const all = await list('?tag=even&search=ping%201&limit=100');
    expect(all.names).toEqual(['Ping 18', 'Ping 16', 'Ping 14', 'Ping 12', 'Ping 10']);
    const page = await list('?tag=even&search=ping%201&limit=2&page=3');
    expect(page.names).toEqual(['Ping 10']);
    expect(page.range).toBe('4-4/5');
  });

  it('a deleted check leaves the listing and the total', async () => {
    const [newest] = (await list('?limit=1')).body as { id: string }[];
    expect((await server.api('DELETE', `/v1/checks/${newest.id}`)).status).toBe(204);
    const after = await list('');
    expect(after.names).toEqual(NEWEST_FIRST.slice(1, 11));
    expect(after.range).toBe('0-9/22');
  });
});

describe('GET /v1/checks search beyond ASCII', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function search(term: string): Promise<string[]> {
    const res = await server.api('GET', `/v1/checks?search=${encodeURIComponent(term)}`);
    expect(res.status).toBe(200);
    return (res.body as { name: string }[]).map((c) => c.name);
  }

  it('stores and finds names with accented letters and wildcard characters', async () => {
    for (const name of ['Zürich gateway', 'ÖSTERREICH edge', '100%_uptime probe']) {
      expect((await server.api('POST', '/v1/checks/icmp', icmpBody({ name }))).status).toBe(201);
    }
    expect(await search('GATEWAY')).toEqual(['Zürich gateway']);
    expect(await search('zürich')).toEqual(['Zürich gateway']);
    expect(await search('%_up')).toEqual(['100%_uptime probe']);
    expect(await search('ÖSTER')).toEqual(['ÖSTERREICH edge']);
  });

  it('ignores the case of accented letters too', async () => {
    expect(await search('ZÜRICH')).toEqual(['Zürich gateway']);
    expect(await search('österreich')).toEqual(['ÖSTERREICH edge']);
  });
});
