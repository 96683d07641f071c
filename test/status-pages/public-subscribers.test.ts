import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberMailerOf } from '../../src-main/services/engines/subscriber-mailer';
import type { IncidentView, StatusPageServiceView } from '../../src-shared/schemas/status-page';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import { trpcCode } from '../helpers/trpc';
import { memoryLogger } from '../http/raw';
import { parseMail, type ParsedMail } from '../notify/mime';
import { startSilentServer, startSmtpReceiver, type SmtpReceiver } from '../notify/receivers';
import { runToCompletion } from '../alerts/harness';
import { addUpdate, createService, serviceRef } from './fixtures';
import { createPage, postForm, visit } from './public-fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

const FROM = 'Acme status <status@acme.test>';

describe('subscribers of a public status page: double opt-in by email, mail on incident updates, one-click unsubscribe', () => {
  const log = memoryLogger();
  let smtp: SmtpReceiver;
  let api: StatusPageServiceView;
  let other: StatusPageServiceView;
  let page: StatusPageView;

  const drain = () => subscriberMailerOf(env.server.backend.deps.runtime)?.drain() ?? Promise.reject(new Error('no subscriber mailer'));
  const mailsTo = (address: string): ParsedMail[] =>
    smtp.mails
      .filter((mail) => mail.to.includes(address))
      .map((mail) => parseMail(mail.raw))
      .map((mail) => ({ ...mail, text: mail.text.replace(/\r\n/g, '\n') }));
  const subscribersOf = () => env.trpc.statusPages.subscribers.list.query({ statusPageId: page.id });

  function link(mail: ParsedMail, kind: 'confirm' | 'unsubscribe'): string {
    const found = new RegExp(`${env.server.url}/status/acme/${kind}\\?s=[0-9a-f-]{36}&t=[0-9a-f]{40}`).exec(mail.text)?.[0];
    expect(found, `${kind} link in:\n${mail.text}`).toBeDefined();
    return found ?? '';
  }

  async function useSmtp(port: number, timeoutMs = 3000): Promise<void> {
    await env.trpc.alerts.setDeliverySettings.mutate({ smtp: { host: '127.0.0.1', port, secure: false, from: FROM }, publicBaseUrl: env.server.url, timeoutMs });
  }

  async function subscribeJson(email: unknown): Promise<{ status: number; body: any; headers: Headers }> {
    const res = await visit(env.server, '/status/acme/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    return { status: res.status, body: JSON.parse(res.text), headers: res.headers };
  }

  /** Subscribes and follows the confirmation mail's link and button, as a person would. */
  async function confirmedSubscriber(email: string): Promise<void> {
    expect((await subscribeJson(email)).status).toBe(202);
    await drain();
    const confirm = new URL(link(mailsTo(email).at(-1) as ParsedMail, 'confirm'));
    const done = await postForm(env.server, confirm.pathname, { s: confirm.searchParams.get('s') ?? '', t: confirm.searchParams.get('t') ?? '' });
    expect(done.status, done.text).toBe(200);
  }

  async function incident(serviceIds: string[], name: string, notifySubscribers: boolean): Promise<IncidentView> {
    const res = await env.server.api<IncidentView>('POST', '/v1/status-pages/incidents', {
      name,
      severity: 'MAJOR',
      services: serviceIds.map(serviceRef),
      incidentUpdates: [{ description: `${name}: we are looking into it`, notifySubscribers }],
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  const env = useServerWithClients({ logger: log.logger });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    await useSmtp(smtp.port);
    api = await createService(env.server, 'Public API');
    other = await createService(env.server, 'Back office');
    page = await createPage(env.server, 'acme', [{ name: 'Core', services: [api] }], { published: true, name: 'Acme status' });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('the form subscribes with double opt-in: a confirmation mail whose link shows a button; confirming takes a POST', async () => {
    const posted = await postForm(env.server, '/status/acme/subscribe', { email: '  Alice@Example.com ' });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toMatch(/^text\/html/);
    expect(posted.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(posted.text).toContain('<h1>Check your inbox</h1>');
    expect(posted.text).toContain('If alice@example.com can receive mail, a confirmation link is on its way.');
    expect(posted.text).toContain('<a href="/status/acme">Back to Acme status</a>');
    expect(await subscribersOf()).toMatchObject([{ email: 'alice@example.com', status: 'PENDING', confirmedAt: null, lastEmail: { kind: 'CONFIRM', status: 'PENDING' } }]);

    await drain();
    const [mail, ...more] = mailsTo('alice@example.com');
    expect(more).toEqual([]);
    expect(mail.headers.get('subject')).toBe('Confirm your subscription to Acme status');
    expect(mail.headers.get('from')).toBe(FROM);
    const unsubscribe = link(mail, 'unsubscribe');
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('Confirm the subscription</a>');

    // Opening the link (or a mail scanner opening it) confirms nothing: it shows a button.
    const confirm = new URL(link(mail, 'confirm'));
    const shown = await visit(env.server, `${confirm.pathname}${confirm.search}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<form method="post" action="/status/acme/confirm">');
    expect(shown.text).toContain('<button type="submit">Confirm subscription</button>');
    expect((await subscribersOf())[0]).toMatchObject({ status: 'PENDING', lastEmail: { kind: 'CONFIRM', status: 'SENT' } });

    const wrong = await postForm(env.server, '/status/acme/confirm', { s: confirm.searchParams.get('s') ?? '', t: '0'.repeat(40) });
    expect(wrong.status).toBe(404);
    expect(wrong.text).toContain('This link does not work');
    const done = await postForm(env.server, '/status/acme/confirm', { s: confirm.searchParams.get('s') ?? '', t: confirm.searchParams.get('t') ?? '' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('<h1>You are subscribed</h1>');
    expect((await subscribersOf())[0]).toMatchObject({ email: 'alice@example.com', status: 'CONFIRMED', confirmedAt: expect.any(String) });

    // Subscribing again tells the same and sends nothing: the form reveals no one.
    const again = await subscribeJson('alice@example.com');
    expect(again.status).toBe(202);
    expect(again.body.message).toContain('a confirmation link is on its way');
    await drain();
    expect(mailsTo('alice@example.com')).toHaveLength(1);
  });

  it('notifySubscribers on an incident and its updates mails confirmed subscribers of pages showing the service, and nobody else', async () => {
    expect((await subscribeJson('bob@example.com')).status).toBe(202);
    await drain();
    const before = smtp.mails.length;

    const opened = await incident([api.id], 'Database slow', true);
    await incident([api.id], 'Quiet incident', false);
    await incident([other.id], 'Back office only', true);
    await drain();
    const [mail, ...more] = mailsTo('alice@example.com').slice(1);
    expect(more).toEqual([]);
    expect(smtp.mails.length).toBe(before + 1);
    expect(mailsTo('bob@example.com')).toHaveLength(1);
    expect(mail.headers.get('subject')).toBe('[Acme status] New incident: Database slow');
    expect(mail.text).toContain('Status: Investigating\nImpact: Major outage\nAffected: Public API');
    expect(mail.text).toContain('Database slow: we are looking into it');
    expect(mail.text).toContain(`Follow the incident: ${env.server.url}/status/acme#incident-${opened.id}`);
    const unsubscribe = link(mail, 'unsubscribe');
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(mail.html).toContain('>Unsubscribe</a>');

    await addUpdate(env.server, opened.id, { description: 'Index <rebuilt> & warming', status: 'IDENTIFIED', notifySubscribers: true });
    await addUpdate(env.server, opened.id, { description: 'Silent note', status: 'MONITORING' });
    await drain();
    const updates = mailsTo('alice@example.com').slice(2);
    expect(updates.map((m) => m.headers.get('subject'))).toEqual(['[Acme status] Identified: Database slow']);
    expect(updates[0].text).toContain('Index <rebuilt> & warming');
    expect(updates[0].html).toContain('Index &lt;rebuilt&gt; &amp; warming');
    expect((await subscribersOf()).find((s) => s.email === 'alice@example.com')?.lastEmail).toMatchObject({ kind: 'UPDATE', status: 'SENT', result: expect.stringMatching(/^250/) });

    // An unpublished page's subscribers get nothing.
    await env.trpc.statusPages.pages.publish.mutate({ id: page.id, published: false });
    await addUpdate(env.server, opened.id, { description: 'While unpublished', notifySubscribers: true });
    await drain();
    expect(mailsTo('alice@example.com')).toHaveLength(3);
    await env.trpc.statusPages.pages.publish.mutate({ id: page.id, published: true });
  });

  it('unsubscribes with one click on the link of any mail, or by the List-Unsubscribe POST (RFC 8058); then no more mail', async () => {
    const [latest] = mailsTo('alice@example.com').slice(-1);
    const unsubscribe = new URL(link(latest, 'unsubscribe'));
    const forged = await visit(env.server, `${unsubscribe.pathname}?s=${unsubscribe.searchParams.get('s')}&t=${'a'.repeat(40)}`);
    expect(forged.status).toBe(400);
    expect((await subscribersOf()).map((s) => s.email)).toContain('alice@example.com');

    const clicked = await visit(env.server, `${unsubscribe.pathname}${unsubscribe.search}`);
    expect(clicked.status).toBe(200);
    expect(clicked.text).toContain('<h1>You are unsubscribed</h1>');
    expect((await subscribersOf()).map((s) => s.email)).not.toContain('alice@example.com');
    expect((await visit(env.server, `${unsubscribe.pathname}${unsubscribe.search}`)).status).toBe(200);

    await confirmedSubscriber('carol@example.com');
    const carolLink = new URL(link(mailsTo('carol@example.com')[0], 'unsubscribe'));
    const oneClick = await visit(env.server, `${carolLink.pathname}${carolLink.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await subscribersOf()).map((s) => s.email)).toEqual(['bob@example.com']);

    const before = smtp.mails.length;
    await incident([api.id], 'After everyone left', true);
    await drain();
    expect(smtp.mails.length).toBe(before);
  });

  it("a check's triggerIncident with notifySubscribers mails on opening and on recovery; no check name, target or error reaches page or mail", async () => {
    await confirmedSubscriber('dave@example.com');
    const created = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', {
      name: 'Secret pinger gamma',
      request: { hostname: 'db-secret-7731.invalid', pingCount: 1 },
      useGlobalAlertSettings: false,
      alertSettings: { runBasedEscalation: { failedRunThreshold: 1 } },
      triggerIncident: { serviceId: api.id, severity: 'CRITICAL', name: 'Database unreachable', description: 'We are investigating connection failures', notifySubscribers: true },
    });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    await env.trpc.statusPages.services.setChecks.mutate({ id: api.id, checkIds: [checkId] });
    await runToCompletion(env.server.api, checkId);
    const results = await env.server.api('GET', `/v1/check-results/${checkId}`);
    expect(results.body[0].hasFailures || results.body[0].hasErrors).toBe(true);
    await drain();

    const [opening] = mailsTo('dave@example.com').slice(1);
    expect(opening?.headers.get('subject')).toBe('[Acme status] New incident: Database unreachable');
    expect(opening.text).toContain('Impact: Major outage');
    const html = (await visit(env.server, '/status/acme')).text;
    expect(html).toContain('Database unreachable');
    const detail = await env.server.api('GET', `/v1/check-results/${checkId}/${results.body[0].checkResultId}`);
    const errorText = detail.body.error?.message as string;
    expect(errorText).toContain('db-secret-7731');
    const surfaces = { html, json: (await visit(env.server, '/status/acme/summary.json')).text, rss: (await visit(env.server, '/status/acme/feed.rss')).text, mail: opening.text + opening.html };
    for (const [surface, text] of Object.entries(surfaces)) {
      for (const secret of [checkId, 'Secret pinger', 'db-secret-7731', errorText]) {
        expect(text, `${surface} must not contain ${secret}`).not.toContain(secret);
      }
    }

    const fixed = await env.server.api('PUT', `/v1/checks/icmp/${checkId}`, { request: { hostname: '127.0.0.1', pingCount: 1 } });
    expect(fixed.status, fixed.text).toBe(200);
    await runToCompletion(env.server.api, checkId);
    await drain();
    const [resolved] = mailsTo('dave@example.com').slice(2);
    expect(resolved?.headers.get('subject')).toBe('[Acme status] Resolved: Database unreachable');
    expect(resolved.text).toContain('Resolved: monitoring shows the service working again.');
    expect(resolved.text + resolved.html).not.toContain('Secret pinger');
  });

  it('rejects a bad address: JSON gets a 400 naming the field, the form a friendly page', async () => {
    const bad = await subscribeJson('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'email: must be an email address such as name@example.com' });
    const missing = await visit(env.server, '/status/acme/subscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text).message).toMatch(/^email: is required/);
    const tooLong = await subscribeJson(`${'a'.repeat(250)}@example.com`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^email: /);

    const form = await postForm(env.server, '/status/acme/subscribe', { email: '<script>alert(1)</script>' });
    expect(form.status).toBe(400);
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
    expect(form.text).toContain('<h1>Check the email address</h1>');
    expect(form.text).toContain('email: must be an email address such as name@example.com');
    expect(form.text).not.toContain('<script>');
    expect((await subscribersOf()).map((s) => s.email)).not.toContain('<script>alert(1)</script>');
  });

  it('limits subscribe attempts per address: the sixth within the hour is a 429 with retry-after', async () => {
    for (let i = 0; i < 5; i += 1) expect((await subscribeJson('eve@example.com')).status).toBe(202);
    const limited = await subscribeJson('EVE@example.com');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many subscription attempts for this address\. Try again in \d+ s\.$/);
    const form = await postForm(env.server, '/status/acme/subscribe', { email: 'eve@example.com' });
    expect(form.status).toBe(429);
    expect(form.text).toContain('Please wait a moment');
    expect((await subscribeJson('frank@example.com')).status).toBe(202);
    await drain();
  });

  it('SMTP failures never hold up a request: they are retried or recorded as failed, logged, and shown with the subscriber', async () => {
    const silent = await startSilentServer();
    try {
      await useSmtp(silent.port, 1000);
      const started = Date.now();
      expect((await subscribeJson('grace@example.com')).status).toBe(202);
      expect(Date.now() - started).toBeLessThan(900);
      await drain();
      const grace = (await subscribersOf()).find((s) => s.email === 'grace@example.com');
      expect(grace?.lastEmail).toMatchObject({ kind: 'CONFIRM', status: 'PENDING', result: expect.stringMatching(/timeout|ETIMEDOUT|ESOCKET|ECONNECTION/i) });
      expect(log.lines().some((line) => line.msg === 'status page subscriber mail will be retried')).toBe(true);
    } finally {
      await silent.close();
    }

    const rejecting = await startSmtpReceiver({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
    });
    try {
      await useSmtp(rejecting.port);
      expect((await subscribeJson('heidi@example.com')).status).toBe(202);
      await drain();
      const heidi = (await subscribersOf()).find((s) => s.email === 'heidi@example.com');
      expect(heidi?.lastEmail).toMatchObject({ kind: 'CONFIRM', status: 'FAILED', result: expect.stringContaining('550') });
      expect(log.lines().find((line) => line.msg === 'status page subscriber mail failed')).toMatchObject({ level: 40, kind: 'CONFIRM' });
      expect((await visit(env.server, '/status/acme')).status).toBe(200);
    } finally {
      await rejecting.close();
      await useSmtp(smtp.port);
    }
  });

  it('the console counts and removes subscribers', async () => {
    const counts = await env.trpc.statusPages.subscribers.counts.query();
    const listed = await subscribersOf();
    expect(counts[page.id]).toEqual({ confirmed: listed.filter((s) => s.status === 'CONFIRMED').length, pending: listed.filter((s) => s.status === 'PENDING').length });
    const bob = listed.find((s) => s.email === 'bob@example.com');
    expect(await env.trpc.statusPages.subscribers.remove.mutate({ id: bob?.id ?? '' })).toEqual({ id: bob?.id });
    expect((await subscribersOf()).map((s) => s.email)).not.toContain('bob@example.com');
    expect(await trpcCode(env.trpc.statusPages.subscribers.remove.mutate({ id: bob?.id ?? '' }))).toBe('NOT_FOUND');
    expect(await trpcCode(env.trpc.statusPages.subscribers.list.query({ statusPageId: 'nope' }))).toBe('NOT_FOUND');
  });

  it('an unsubscribe link keeps working after the page moved to another url', async () => {
    await confirmedSubscriber('ivan@example.com');
    const old = new URL(link(mailsTo('ivan@example.com')[0], 'unsubscribe'));
    const current = (await env.server.api('GET', `/v1/status-pages/${page.id}`)).body;
    const { id: _id, created_at: _c, updated_at: _u, ...body } = current;
    expect((await env.server.api('PUT', `/v1/status-pages/${page.id}`, { ...body, url: 'acme-moved' })).status).toBe(200);
    try {
      const res = await visit(env.server, `${old.pathname}${old.search}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>You are unsubscribed</h1>');
      expect((await subscribersOf()).map((s) => s.email)).not.toContain('ivan@example.com');
    } finally {
      await env.server.api('PUT', `/v1/status-pages/${page.id}`, { ...body, url: 'acme' });
    }
  });
});
