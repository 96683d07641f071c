import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { PAGE_CSP } from '../../src-main/http/security-headers';
import { uptimeOf } from '../../src-main/services/checks/uptime';
import type { IncidentView, StatusPageServiceView } from '../../src-shared/schemas/status-page';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import { useServerWithClients } from '../helpers/trpc-server';
import { rawRequest } from '../http/raw';
import { addUpdate, createService, serviceRef } from './fixtures';
import {
  checkNumOf,
  createIcmpCheck,
  createPage,
  DAY,
  HOUR,
  insertFinalResult,
  insertRollup,
  RESULT_FLAGS,
  setRollupWatermark,
  visit,
  type PublicResponse,
} from './public-fixtures';

const NOW = Date.parse('2026-05-20T12:30:00.000Z');
const TODAY = Date.parse('2026-05-20T00:00:00.000Z');

/** The accessible names of one service's day bars, oldest first. */
function barLabels(html: string, serviceName: string): string[] {
  const list = new RegExp(`<ol class="bars" aria-label="${serviceName}: uptime per day over the last 90 days">(.*?)</ol>`).exec(html);
  expect(list, `bars of ${serviceName}`).not.toBeNull();
  return [...(list?.[1] ?? '').matchAll(/<li class="bar [^"]+" title="([^"]*)" aria-label="([^"]*)"><\/li>/g)].map((m) => {
    expect(m[1]).toBe(m[2]);
    return m[2];
  });
}

/** The text of the element (article, section) that starts at `marker`, up to its closing tag. */
function block(html: string, marker: string, closing: string): string {
  const start = html.indexOf(marker);
  expect(start, marker).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf(closing, start));
}

describe('a published status page, for visitors without a key', () => {
  const clock = new ManualClock(NOW);
  let api: StatusPageServiceView;
  let website: StatusPageServiceView;
  let billing: StatusPageServiceView;
  let internal: StatusPageServiceView;
  let page: StatusPageView;
  let alphaId: string;
  let betaId: string;
  let alphaNum: number;
  let checkout: IncidentView;
  let responses: Record<'html' | 'json' | 'rss' | 'atom', PublicResponse>;

  async function incident(serviceIds: string[], name: string, severity: string, description: string, at: number): Promise<IncidentView> {
    clock.set(at);
    const res = await env.server.api<IncidentView>('POST', '/v1/status-pages/incidents', {
      name,
      severity,
      services: serviceIds.map(serviceRef),
      incidentUpdates: [{ description }],
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  async function fetchAll(slug: string): Promise<Record<'html' | 'json' | 'rss' | 'atom', PublicResponse>> {
    return {
      html: await visit(env.server, `/status/${slug}`),
      json: await visit(env.server, `/status/${slug}/summary.json`),
      rss: await visit(env.server, `/status/${slug}/feed.rss`),
      atom: await visit(env.server, `/status/${slug}/feed.atom`),
    };
  }

  const env = useServerWithClients({ clock });

  beforeAll(async () => {
    await env.trpc.alerts.setDeliverySettings.mutate({ publicBaseUrl: 'https://status.acme.test' });
    api = await createService(env.server, 'Public API');
    website = await createService(env.server, 'Website');
    billing = await createService(env.server, 'Billing <b>&</b>');
    internal = await createService(env.server, 'Internal ledger');
    page = await createPage(env.server, 'acme', [
      { name: 'Core', services: [api, website] },
      { name: 'Payments', services: [billing] },
    ]);

    // Two checks with distinctive names and targets back "Public API"; the public must see neither.
    alphaId = await createIcmpCheck(env.server, 'Secret pinger alpha', 'db-secret-7731.corp.invalid');
    betaId = await createIcmpCheck(env.server, 'Secret pinger beta', '10.77.31.9');
    await env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [alphaId, betaId] });
    alphaNum = await checkNumOf(env.server, alphaId);
    const betaNum = await checkNumOf(env.server, betaId);
    await setRollupWatermark(env.server, TODAY + 12 * HOUR);
    insertRollup(env.server, alphaNum, TODAY - DAY + 10 * HOUR, { passed: 99, failed: 1 });
    insertRollup(env.server, betaNum, TODAY - DAY + 11 * HOUR, { passed: 100, skipped: 3 });
    insertRollup(env.server, alphaNum, TODAY - 2 * DAY, { passed: 10, degraded: 10 });
    insertRollup(env.server, alphaNum, TODAY, { passed: 6 });
    // Before the watermark only rollups count (as in uptimeOf); after it, the raw results.
    insertFinalResult(env.server, alphaNum, TODAY + 11 * HOUR, RESULT_FLAGS.hasFailures);
    insertFinalResult(env.server, alphaNum, TODAY + 12 * HOUR + 10 * 60_000, RESULT_FLAGS.hasFailures, true);

    const old = await incident([api.id], 'Old outage', 'CRITICAL', 'Everything is down', TODAY - DAY + 8 * HOUR);
    clock.set(TODAY - DAY + 9 * HOUR);
    await addUpdate(env.server, old.id, { description: 'Back to normal', status: 'RESOLVED' });
    const ancient = await incident([api.id], 'Ancient history', 'MAJOR', 'Long ago', TODAY - 100 * DAY);
    clock.set(TODAY - 99 * DAY);
    await addUpdate(env.server, ancient.id, { description: 'Fixed long ago', status: 'RESOLVED' });
    await incident([internal.id], 'Ledger rebuild', 'MINOR', 'Only internal', TODAY + HOUR);
    checkout = await incident([billing.id, internal.id], 'Checkout slow <script>alert(1)</script>', 'MINOR', 'Looking into <b>it</b>', TODAY + 2 * HOUR);
    clock.set(TODAY + 3 * HOUR);
    await addUpdate(env.server, checkout.id, { description: 'Found & fixing\nsecond line', status: 'IDENTIFIED' });
    await incident([website.id], 'Website partially down', 'MAJOR', 'Some pages fail', TODAY + 4 * HOUR);
    clock.set(NOW);

    expect((await env.trpc.statusPages.pages.publish.mutate({ id: page.id, published: true })).published).toBe(true);
    responses = await fetchAll('acme');
  });

  it('answers a strict-CSP HTML page that loads only its own stylesheet and its own local-time script, nothing inline', async () => {
    const { html } = responses;
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(html.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(html.headers.get('x-frame-options')).toBe('DENY');
    // One script, from this server (issue 31: times in the reader's zone); nothing inline.
    const scripts = [...html.text.matchAll(/<script[^>]*>/gi)].map((m) => m[0]);
    expect(scripts).toHaveLength(1);
    const script = /^<script src="(\/status\/_static\/local-time\.js\?v=[0-9a-f]+)" defer>$/.exec(scripts[0] ?? '')?.[1];
    expect(script, scripts[0]).toBeDefined();
    expect(html.text).toMatch(/<script src="[^"]+" defer><\/script>/);
    const js = await visit(env.server, script ?? '');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.text).toContain('{"dateStyle":"medium","timeStyle":"short"}');
    expect(html.text).not.toMatch(/\sstyle=/i);
    expect(html.text).not.toMatch(/\son[a-z]+=/i);
    const sheet = /<link rel="stylesheet" href="(\/status\/_static\/status\.css\?v=[0-9a-f]+)">/.exec(html.text)?.[1];
    expect(sheet).toBeDefined();
    const css = await visit(env.server, sheet ?? '');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.text).toContain('.bar-up');
  });

  it('shows each card with its services and their current state: from open incidents by severity, and from the linked checks', () => {
    const { html } = responses;
    expect(html.text).toContain('<title>acme status status</title>');
    expect(html.text).toContain('<h2 id="card-0">Core</h2>');
    expect(html.text).toContain('<h2 id="card-1">Payments</h2>');
    const service = (name: string) => block(html.text, `<h3 class="service-name">${name}</h3>`, '</div>');
    // The failing linked check (its only check with a status) is a major outage.
    expect(service('Public API')).toContain('<span class="state state-major_outage">Major outage</span>');
    // An open MAJOR incident ("Major outage" in the console): a major outage, not a partial one (issue 31); an open MINOR one: degraded performance.
    expect(service('Website')).toContain('<span class="state state-major_outage">Major outage</span>');
    expect(service('Billing &lt;b&gt;&amp;&lt;/b&gt;')).toContain('<span class="state state-degraded_performance">Degraded performance</span>');
    expect(html.text).toContain('<section class="overall state-major_outage" aria-label="Current status"><p>Major outage</p></section>');
  });

  it('draws 90 day bars per service from the hourly rollups, with the uptime in each title and grey days without data', () => {
    const bars = barLabels(responses.html.text, 'Public API');
    expect(bars).toHaveLength(90);
    expect(bars[89]).toBe('2026-05-20: 85.71% uptime');
    expect(bars[88]).toBe('2026-05-19: 99.50% uptime, 1 incident');
    expect(bars[87]).toBe('2026-05-18: 100% uptime');
    expect(bars[86]).toBe('2026-05-17: no data');
    expect(bars[0]).toBe('2026-02-20: no data');
    expect(responses.html.text).toMatch(/<li class="bar bar-none" title="2026-05-17: no data"/);
    expect(responses.html.text).toMatch(/<li class="bar bar-minor" title="2026-05-19: 99.50% uptime, 1 incident"/);
    // The 90-day figure: 225 good of 227 verdicts.
    expect(block(responses.html.text, 'aria-label="Public API: uptime', '</p>')).toContain('<span>99.11% uptime</span>');
    // No linked check: every day grey, and the figure says so.
    expect(barLabels(responses.html.text, 'Website').every((label) => label.endsWith('no data') || /no data, \d+ incident/.test(label))).toBe(true);
    expect(block(responses.html.text, 'aria-label="Website: uptime', '</p>')).toContain('<span>No uptime data</span>');
  });

  it('the day figures are uptimeOf() of the linked checks over each UTC day', async () => {
    const days = JSON.parse(responses.json.text).cards[0].services[0].days as { date: string; uptimePercent: number | null }[];
    const ctx = { db: env.server.backend.db.db, accountId: env.server.backend.accountId };
    for (const offset of [0, 1, 2, 3]) {
      const from = TODAY - offset * DAY;
      const alpha = await uptimeOf(ctx, alphaId, from, Math.min(from + DAY, NOW));
      const beta = await uptimeOf(ctx, betaId, from, Math.min(from + DAY, NOW));
      const good = alpha.passed + alpha.degraded + beta.passed + beta.degraded;
      const all = good + alpha.failed + beta.failed;
      const expected = all === 0 ? null : Math.round((good / all) * 100 * 10_000) / 10_000;
      expect(days[89 - offset].uptimePercent, days[89 - offset].date).toBe(expected);
    }
  });

  it('lists open incidents with their update timeline, newest first, naming only the services on this page', () => {
    const html = responses.html.text;
    const open = block(html, '<section aria-labelledby="open-incidents">', '</section>');
    const article = block(open, `<article class="panel incident state-degraded_performance" id="incident-${checkout.id}"`, '</article>');
    expect(article).toContain('<h3 id="incident-' + checkout.id + '-title">Checkout slow &lt;script&gt;alert(1)&lt;/script&gt;</h3>');
    expect(article).toContain('Degraded performance</span> Identified · Affects Billing &lt;b&gt;&amp;&lt;/b&gt;');
    expect(article).not.toContain('Internal ledger');
    const identified = article.indexOf('Found &amp; fixing\nsecond line');
    const investigating = article.indexOf('Looking into &lt;b&gt;it&lt;/b&gt;');
    expect(identified).toBeGreaterThan(0);
    expect(investigating).toBeGreaterThan(identified);
    // The console's "minute" style in UTC (the page names the zone once; the script rewrites it in the reader's).
    expect(article).toContain('<time datetime="2026-05-20T03:00:00.000Z">20 May 2026, 03:00</time>');
    expect(html).toContain('<span id="time-zone-note">Times in UTC</span>');
    expect(open).toContain('Website partially down');
    expect(open).not.toContain('Old outage');
    expect(html).not.toContain('Ledger rebuild');
  });

  it('keeps the incidents resolved in the last 90 days as history, with their duration', () => {
    const past = block(responses.html.text, '<section aria-labelledby="past-incidents">', '</section>');
    expect(past).toContain('Old outage');
    expect(past).toContain('Resolved <time datetime="2026-05-19T09:00:00.000Z">19 May 2026, 09:00</time> after 1 h');
    expect(past).toContain('Back to normal');
    expect(past).not.toContain('Ancient history');
    expect(past).not.toContain('Checkout slow');
  });

  it('summary.json holds the same state, uptime days and incidents', () => {
    const { json } = responses;
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    const body = JSON.parse(json.text);
    expect(body.page).toEqual({ name: 'acme status', slug: 'acme', url: 'https://status.acme.test/status/acme', generatedAt: new Date(NOW).toISOString() });
    expect(body.status).toEqual({ state: 'MAJOR_OUTAGE', description: 'Major outage' });
    expect(body.cards.map((card: { name: string }) => card.name)).toEqual(['Core', 'Payments']);
    const [publicApi, web] = body.cards[0].services;
    expect(publicApi).toMatchObject({ name: 'Public API', state: 'MAJOR_OUTAGE', description: 'Major outage', uptimePercent: 99.1189 });
    expect(publicApi.days).toHaveLength(90);
    expect(publicApi.days[88]).toEqual({ date: '2026-05-19', uptimePercent: 99.5, incidents: 1 });
    expect(web).toMatchObject({ name: 'Website', state: 'MAJOR_OUTAGE', description: 'Major outage', uptimePercent: null });
    expect(body.cards[1].services[0]).toMatchObject({ name: 'Billing <b>&</b>', state: 'DEGRADED_PERFORMANCE' });
    expect(body.incidents.open.map((i: { name: string }) => i.name)).toEqual(['Website partially down', 'Checkout slow <script>alert(1)</script>']);
    expect(body.incidents.open[0]).toMatchObject({ name: 'Website partially down', severity: 'MAJOR', impact: 'MAJOR_OUTAGE' });
    const open = body.incidents.open[1];
    expect(open).toMatchObject({ id: checkout.id, severity: 'MINOR', impact: 'DEGRADED_PERFORMANCE', status: 'IDENTIFIED', services: ['Billing <b>&</b>'], resolvedAt: null });
    expect(open.url).toBe(`https://status.acme.test/status/acme#incident-${checkout.id}`);
    expect(open.updates.map((u: { status: string; description: string }) => [u.status, u.description])).toEqual([
      ['IDENTIFIED', 'Found & fixing\nsecond line'],
      ['INVESTIGATING', 'Looking into <b>it</b>'],
    ]);
    expect(body.incidents.past.map((i: { name: string; resolvedAt: string }) => [i.name, i.resolvedAt])).toEqual([['Old outage', '2026-05-19T09:00:00.000Z']]);
  });

  it('RSS and Atom feeds carry every incident update, newest first, with escaped text', () => {
    const { rss, atom } = responses;
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    expect(rss.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const titles = [...rss.text.matchAll(/<item><title>(.*?)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Website partially down: Investigating',
      'Checkout slow &lt;script&gt;alert(1)&lt;/script&gt;: Identified',
      'Checkout slow &lt;script&gt;alert(1)&lt;/script&gt;: Investigating',
      'Old outage: Resolved',
      'Old outage: Investigating',
    ]);
    expect(rss.text).toContain('<description>Found &amp; fixing\nsecond line</description>');
    expect(rss.text).toContain(`<link>https://status.acme.test/status/acme#incident-${checkout.id}</link>`);
    expect(rss.text).toContain('<pubDate>Wed, 20 May 2026 03:00:00 GMT</pubDate>');
    expect(rss.text).not.toContain('<script');

    expect(atom.status).toBe(200);
    expect(atom.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    expect(atom.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(atom.text).toContain('<id>https://status.acme.test/status/acme</id>');
    expect(atom.text).toContain('<updated>2026-05-20T04:00:00.000Z</updated>');
    const entries = [...atom.text.matchAll(/<entry><title>(.*?)<\/title><id>(urn:uuid:[0-9a-f-]{36})<\/id>/g)];
    expect(entries.map((m) => m[1])).toEqual(titles);
    expect(new Set(entries.map((m) => m[2])).size).toBe(5);
    expect(atom.text).toContain('<content type="text">Looking into &lt;b&gt;it&lt;/b&gt;</content>');
  });

  it('nothing private reaches the page, the JSON or the feeds: no check id, check name, target or result', async () => {
    // SQL: an error text with private details on the seeded results; a real failing run cannot be made to print these words.
    const detailRow = env.server.backend.db.sqlite.prepare("insert into result_details (hash, body, last_used_at) values (randomblob(16), ?, 0)").run(JSON.stringify({ errorMessage: 'ECONNREFUSED 10.77.31.9:5432 vault-token-xyz' }));
    env.server.backend.db.sqlite.prepare('update check_results set detail_id = ? where check_num = ?').run(Number(detailRow.lastInsertRowid), alphaNum);
    const again = await fetchAll('acme');
    for (const [kind, response] of Object.entries(again)) {
      for (const secret of [alphaId, betaId, 'Secret pinger', 'db-secret-7731', '10.77.31.9', 'vault-token-xyz', 'ECONNREFUSED', 'corp.invalid', env.server.backend.accountId, page.id, api.id]) {
        expect(response.text, `${kind} must not contain ${secret}`).not.toContain(secret);
      }
    }
  });

  it('a service state follows the checks: all passing is operational, and an open CRITICAL incident is a major outage', async () => {
    insertFinalResult(env.server, alphaNum, NOW - 60_000, 0, true);
    const passing = JSON.parse((await visit(env.server, '/status/acme/summary.json')).text);
    expect(passing.cards[0].services[0]).toMatchObject({ name: 'Public API', state: 'OPERATIONAL', description: 'Operational' });
    // The Website's open MAJOR incident keeps the page at a major outage.
    expect(passing.status).toEqual({ state: 'MAJOR_OUTAGE', description: 'Major outage' });
    const degradedFlags = RESULT_FLAGS.isDegraded;
    insertFinalResult(env.server, alphaNum, NOW - 30_000, degradedFlags, true);
    expect(JSON.parse((await visit(env.server, '/status/acme/summary.json')).text).cards[0].services[0].state).toBe('DEGRADED_PERFORMANCE');
    const critical = await incident([api.id], 'API down', 'CRITICAL', 'No answers', NOW);
    const html = (await visit(env.server, '/status/acme')).text;
    expect(block(html, '<h3 class="service-name">Public API</h3>', '</div>')).toContain('Major outage');
    await env.server.api('DELETE', `/v1/status-pages/incidents/${critical.id}`);
  });

  it('the Host check applies: a page asked for under a foreign name answers 421', async () => {
    const res = await rawRequest(env.server.url, { path: '/status/acme', headers: { host: 'evil.example' } });
    expect(res.status).toBe(421);
    expect((await rawRequest(env.server.url, { path: '/status/acme', headers: { host: `localhost:${new URL(env.server.url).port}` } })).status).toBe(200);
  });
});

describe('publishing: only a published, non-private page is public; everything else is a 404 without a key', () => {
  let service: StatusPageServiceView;

  const env = useServerWithClients();

  beforeAll(async () => {
    service = await createService(env.server, 'API');
  });

  async function expectNotFound(slug: string): Promise<void> {
    const html = await visit(env.server, `/status/${slug}`);
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(html.text).toContain('<h1>Status page not found</h1>');
    for (const path of ['summary.json', 'feed.rss', 'feed.atom']) {
      const res = await visit(env.server, `/status/${slug}/${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.text)).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const subscribe = await visit(env.server, `/status/${slug}/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.com' }) });
    expect(subscribe.status).toBe(404);
  }

  it('an unknown slug, and names that cannot be slugs, are 404 pages', async () => {
    await expectNotFound('nobody-here');
    expect((await visit(env.server, '/status/Not%20A%20Slug')).status).toBe(404);
    expect((await visit(env.server, '/status/%3Cscript%3E')).text).not.toContain('<script>');
  });

  it('publish and unpublish from the console (tRPC) and over REST; PUT without `published` keeps it', async () => {
    const page = await createPage(env.server, 'flip', [{ name: 'Core', services: [service] }]);
    expect(page.published).toBe(false);
    await expectNotFound('flip');

    const published = await env.trpc.statusPages.pages.publish.mutate({ id: page.id, published: true });
    expect(published).toMatchObject({ id: page.id, published: true, url: 'flip' });
    expect((await visit(env.server, '/status/flip')).status).toBe(200);
    expect((await visit(env.server, '/status/flip', { method: 'HEAD' })).status).toBe(200);
    const slash = await visit(env.server, '/status/flip/');
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/status/flip']);
    expect((await env.server.api('GET', `/v1/status-pages/${page.id}`)).body.published).toBe(true);

    const { id: _id, created_at: _c, updated_at: _u, published: _p, ...rest } = published;
    const put = await env.server.api('PUT', `/v1/status-pages/${page.id}`, { ...rest, name: 'Flip renamed' });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'Flip renamed', published: true });
    expect((await visit(env.server, '/status/flip')).text).toContain('<h1>Flip renamed</h1>');

    const off = await env.server.api('PUT', `/v1/status-pages/${page.id}`, { ...rest, published: false });
    expect(off.body.published).toBe(false);
    await expectNotFound('flip');
  });

  it('a page created published over REST is public at once; a private page never is', async () => {
    await createPage(env.server, 'born-public', [{ name: 'Core', services: [service] }], { published: true });
    expect((await visit(env.server, '/status/born-public')).status).toBe(200);
    const secret = await createPage(env.server, 'members-only', [{ name: 'Core', services: [service] }], { published: true, isPrivate: true });
    expect(secret.published).toBe(true);
    await expectNotFound('members-only');
  });

  it('validates `published` and the slug, naming the field (400), and keeps slugs unique (409)', async () => {
    const bad = await env.server.api('POST', '/v1/status-pages', { name: 'x', url: 'bad-published', published: 'yes', cards: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^published: must be true or false/);
    const slug = await env.server.api('POST', '/v1/status-pages', { name: 'x', url: 'Has Spaces', cards: [] });
    expect(slug.status).toBe(400);
    expect(slug.body.message).toBe('url: must be lower-case letters, digits and hyphens, not starting or ending with a hyphen');
    await createPage(env.server, 'taken', []);
    const taken = await env.server.api('POST', '/v1/status-pages', { name: 'Other', url: 'taken', cards: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('url: a status page with the url "taken" already exists; choose another');
    const viaTrpc = await env.trpc.statusPages.pages.create.mutate({ name: 'Other', url: 'taken', cards: [] }).catch((error: Error) => error);
    expect(String(viaTrpc)).toContain('url: a status page with the url "taken" already exists');
    expect(await env.trpc.statusPages.pages.publish.mutate({ id: 'no-such-page', published: true }).catch((error: { data?: { code?: string } }) => error.data?.code)).toBe('NOT_FOUND');
  });

  it('a page without cards still renders, saying so', async () => {
    await createPage(env.server, 'empty-page', [], { published: true });
    const html = await visit(env.server, '/status/empty-page');
    expect(html.status).toBe(200);
    expect(html.text).toContain('This page shows no services yet.');
    expect(html.text).toContain('All systems operational');
    expect(html.text).toContain('No incidents in the last 90 days.');
  });
});
