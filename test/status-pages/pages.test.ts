import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import type { StatusPageServiceView } from '../../src-shared/schemas/status-page';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import { addMemberWithKey, type MemberWithKey } from '../accounts/helpers';
import { startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { createService, UUID } from './fixtures';

const START = '2026-05-01T12:00:00.000Z';
let slugCounter = 0;

function pageBody(services: StatusPageServiceView[], members: Record<string, unknown> = {}): Record<string, unknown> {
  slugCounter += 1;
  return {
    name: 'Acme status',
    url: `acme-${slugCounter}`,
    cards: [{ name: 'Core', services: services.map((service) => ({ id: service.id })) }],
    ...members,
  };
}

describe('status pages (/v1/status-pages)', () => {
  let server: TestServer;
  let api: StatusPageServiceView;
  let web: StatusPageServiceView;
  let readOnly: MemberWithKey;
  let readWrite: MemberWithKey;
  const clock = new ManualClock(START);

  async function createPage(members: Record<string, unknown> = {}, services = [api, web]): Promise<StatusPageView> {
    const res = await server.api<StatusPageView>('POST', '/v1/status-pages', pageBody(services, members));
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    server = await startServer({ clock });
    api = await createService(server, 'API');
    web = await createService(server, 'Web');
    readOnly = await addMemberWithKey(server, 'READ_ONLY');
    readWrite = await addMemberWithKey(server, 'READ_WRITE');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates with 201: the public read shape with defaults, cards in order and their services', async () => {
    clock.set(START);
    const res = await server.api('POST', '/v1/status-pages', {
      name: 'Acme status',
      url: 'acme',
      cards: [
        { name: 'Core', services: [{ id: web.id }, { id: api.id, name: 'ignored', accountId: 'ignored' }] },
        { name: 'Empty card' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Acme status',
      url: 'acme',
      customDomain: null,
      logo: null,
      favicon: null,
      redirectTo: null,
      defaultTheme: 'AUTO',
      isPrivate: false,
      published: false,
      cards: [
        { id: expect.stringMatching(UUID), name: 'Core', services: [web, api], created_at: START, updated_at: START },
        { id: expect.stringMatching(UUID), name: 'Empty card', services: [], created_at: START, updated_at: START },
      ],
      created_at: START,
      updated_at: START,
    });
    expect((await server.api('GET', `/v1/status-pages/${res.body.id}`)).body).toEqual(res.body);
    expect((await readOnly.api('GET', `/v1/status-pages/${res.body.id}`)).body).toEqual(res.body);
  });

  it('keeps every optional member as given', async () => {
    const page = await createPage({
      customDomain: 'status.example.com',
      logo: 'https://example.com/logo.png',
      favicon: 'https://example.com/favicon.ico',
      redirectTo: 'https://example.com',
      defaultTheme: 'DARK',
      isPrivate: true,
    });
    expect(page).toMatchObject({
      customDomain: 'status.example.com',
      logo: 'https://example.com/logo.png',
      favicon: 'https://example.com/favicon.ico',
      redirectTo: 'https://example.com',
      defaultTheme: 'DARK',
      isPrivate: true,
    });
  });

  it('validates the slug at its boundaries and names the field', async () => {
    expect((await createPage({ url: 'a' })).url).toBe('a');
    expect((await createPage({ url: `x${'0'.repeat(62)}` })).url).toHaveLength(63);
    for (const url of ['', `x${'0'.repeat(63)}`, 'Upper', '-lead', 'trail-', 'has space', 'dot.ted', undefined, 5]) {
      const res = await server.api('POST', '/v1/status-pages', pageBody([api], { url }));
      expect(res.status, String(url)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^url: /) });
    }
  });

  it('answers 409 naming the url when another page has it, and keeps the first page', async () => {
    const first = await createPage({ url: 'taken' });
    const res = await server.api('POST', '/v1/status-pages', pageBody([api], { url: 'taken' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', message: expect.stringContaining('url: a status page with the url "taken" already exists') });
    const other = await createPage();
    expect((await server.api('PUT', `/v1/status-pages/${other.id}`, pageBody([], { url: 'taken' }))).status).toBe(409);
    expect((await server.api('GET', `/v1/status-pages/${first.id}`)).body).toEqual(first);
  });

  it('rejects bad members with a 400 naming each, and stores nothing', async () => {
    const before = (await server.api('GET', '/v1/status-pages?limit=100')).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'n'.repeat(256) }, 'name'],
      [{ name: undefined }, 'name'],
      [{ cards: undefined }, 'cards'],
      [{ cards: [{ name: '' }] }, 'cards[0].name'],
      [{ cards: [{ name: 'x', services: [{ id: 'nope' }] }] }, 'cards[0].services[0].id'],
      [{ cards: [{ name: 'x', services: [{ id: api.id }, { id: api.id }] }] }, 'cards[0].services[1].id'],
      [{ cards: Array.from({ length: 101 }, (_, i) => ({ name: `c${i}` })) }, 'cards'],
      [{ defaultTheme: 'BLUE' }, 'defaultTheme'],
      [{ customDomain: 'not a host' }, 'customDomain'],
      [{ logo: 'ftp://example.com/x.png' }, 'logo'],
      [{ favicon: 'nope' }, 'favicon'],
      [{ redirectTo: `https://example.com/${'a'.repeat(2048)}` }, 'redirectTo'],
      [{ isPrivate: 'yes' }, 'isPrivate'],
    ];
    for (const [members, field] of cases) {
      const res = await server.api('POST', '/v1/status-pages', pageBody([api], members));
      expect(res.status, JSON.stringify(members).slice(0, 80)).toBe(400);
      expect(res.body.message, field).toMatch(new RegExp(`(^|; )${field.replace(/[[\].]/g, '\\$&')}: `));
    }
    expect((await createPage({ cards: Array.from({ length: 100 }, (_, i) => ({ name: `c${i}` })) }, [])).cards).toHaveLength(100);
    expect((await server.api('GET', '/v1/status-pages?limit=100')).body.length).toBe(before + 1);
  });

  it('answers 404 for a card service that is not in the account', async () => {
    const res = await server.api('POST', '/v1/status-pages', { name: 'x', url: 'unknown-service', cards: [{ name: 'c', services: [{ id: randomUUID() }] }] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('PUT replaces the page and its cards (200); a read page can be sent back unchanged', async () => {
    clock.set(START);
    const page = await createPage();
    clock.advance(5000);
    const res = await server.api('PUT', `/v1/status-pages/${page.id}`, { name: 'Renamed', url: page.url, defaultTheme: 'LIGHT', cards: [{ name: 'Only web', services: [{ id: web.id }] }] });
    expect(res.status, res.text).toBe(200);
    const later = '2026-05-01T12:00:05.000Z';
    expect(res.body).toEqual({
      ...page,
      name: 'Renamed',
      defaultTheme: 'LIGHT',
      cards: [{ id: expect.stringMatching(UUID), name: 'Only web', services: [web], created_at: later, updated_at: later }],
      updated_at: later,
    });
    const roundTrip = await server.api('PUT', `/v1/status-pages/${page.id}`, res.body);
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toMatchObject({ name: 'Renamed', url: page.url, cards: [{ name: 'Only web', services: [web] }] });
    expect((await server.api('PUT', `/v1/status-pages/${randomUUID()}`, pageBody([]))).body).toEqual(NOT_FOUND);
  });

  it('DELETE answers 204 then 404; deleting a service takes it off the cards', async () => {
    const temp = await createService(server, 'Temporary');
    const page = await createPage({}, [api, temp]);
    expect((await server.api('DELETE', `/v1/status-pages/services/${temp.id}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/status-pages/${page.id}`)).body.cards[0].services).toEqual([api]);

    const res = await server.api('DELETE', `/v1/status-pages/${page.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await server.api('GET', `/v1/status-pages/${page.id}`)).body).toEqual(NOT_FOUND);
    expect((await server.api('DELETE', `/v1/status-pages/${page.id}`)).status).toBe(404);
    expect((await server.api('GET', '/v1/status-pages/not-a-uuid')).status).toBe(404);
    expect((await server.api('GET', `/v1/status-pages/services/${api.id}`)).status).toBe(200);
  });

  it('lists newest first as {entries, nextId, length}, paging with limit and nextId', async () => {
    const fresh = await startServer({ clock });
    try {
      const empty = await fresh.api('GET', '/v1/status-pages');
      expect(empty.body).toEqual({ entries: [], nextId: null, length: 0 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        clock.advance(1000);
        const res = await fresh.api('POST', '/v1/status-pages', { name: `Page ${i}`, url: `list-${i}`, cards: [] });
        ids.unshift(res.body.id);
      }
      const first = await fresh.api('GET', '/v1/status-pages?limit=2');
      expect(first.body).toMatchObject({ length: 2, nextId: ids[2] });
      expect(first.body.entries.map((p: StatusPageView) => p.id)).toEqual(ids.slice(0, 2));
      const second = await fresh.api('GET', `/v1/status-pages?limit=2&nextId=${ids[2]}`);
      expect(second.body).toMatchObject({ length: 1, nextId: null });
      expect(second.body.entries[0].id).toBe(ids[2]);
      for (const query of ['limit=0', 'limit=101', 'limit=x', `nextId=${randomUUID()}`]) {
        const res = await fresh.api('GET', `/v1/status-pages?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.message).toMatch(/^(limit|nextId)/);
      }
      expect((await fresh.api('GET', '/v1/status-pages?limit=100')).body.length).toBe(3);
      expect((await fresh.api('GET', '/v1/status-pages?limit=1')).body.length).toBe(1);
    } finally {
      await fresh.stop();
    }
  });

  it('the incident list keeps, with statusPageId, the incidents naming a service on that page', async () => {
    const billing = await createService(server, 'Billing');
    const page = await createPage({}, [api]);
    const body = (service: StatusPageServiceView, name: string) => ({
      name,
      severity: 'MINOR',
      services: [{ id: service.id, name: service.name, accountId: service.accountId }],
      incidentUpdates: [{ description: 'Looking' }],
    });
    const onPage = (await server.api('POST', '/v1/status-pages/incidents', body(api, 'API slow'))).body;
    await server.api('POST', '/v1/status-pages/incidents', body(billing, 'Invoices late'));
    const res = await readOnly.api('GET', `/v1/status-pages/incidents?limit=100&statusPageId=${page.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.entries.map((incident: { name: string }) => incident.name)).toEqual(['API slow']);
    expect(res.body.entries[0].id).toBe(onPage.id);
    const unknown = await server.api('GET', `/v1/status-pages/incidents?statusPageId=${randomUUID()}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('statusPageId: no status page with this id in the account');
  });

  it('READ_ONLY keys read pages but get 403 on writes; READ_WRITE keys write', async () => {
    const page = await createPage();
    expect((await readOnly.api('GET', '/v1/status-pages')).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/v1/status-pages', pageBody([api])],
      ['PUT', `/v1/status-pages/${page.id}`, pageBody([api])],
      ['DELETE', `/v1/status-pages/${page.id}`, undefined],
    ] as const) {
      const res = await readOnly.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toMatch(/^Forbidden: READ_ONLY keys may only read/);
    }
    const created = await readWrite.api('POST', '/v1/status-pages', pageBody([api]));
    expect(created.status).toBe(201);
    expect((await readWrite.api('DELETE', `/v1/status-pages/${created.body.id}`)).status).toBe(204);
    expect((await server.api('GET', '/v1/status-pages', undefined, { authorization: '' })).status).toBe(401);
  });
});
