import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { insertSubscriber } from '../../src-main/db/repositories/status-page-subscribers';
import { subscriberMailerOf } from '../../src-main/services/engines/subscriber-mailer';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import type { RawResponse } from '../http/raw';
import { startSmtpReceiver, type SmtpReceiver } from '../notify/receivers';
import { createService } from './fixtures';
import { confirmFrom, confirmLinkIn, createPage, HOUR, subscribeFrom } from './public-fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

const FLOOD_SOURCES = Array.from({ length: 32 }, (_, i) => `127.0.0.${i + 2}`);
/** One more than the per-address attempt limit, as the reported flood sent. */
const ATTEMPTS_PER_SOURCE = 31;

describe('a flood of junk sign-ups from 32 addresses: real visitors still subscribe, and the mail it causes is bounded', () => {
  const clock = new ManualClock('2026-03-02T06:00:00.000Z');
  let smtp: SmtpReceiver;

  const drain = () => subscriberMailerOf(env.server.backend.deps.runtime)?.drain() ?? Promise.reject(new Error('no subscriber mailer'));
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const ruleOf = (res: RawResponse): unknown => res.body?.attributes?.rule;

  async function publishedPage(url: string): Promise<StatusPageView> {
    const service = await createService(env.server, `${url} API`);
    return createPage(env.server, url, [{ name: 'Core', services: [service] }], { published: true, name: `${url} status` });
  }

  /** Follows the latest confirmation mail to `email`, from the subscriber's address. */
  async function confirmLatest(from: string, email: string): Promise<RawResponse> {
    await drain();
    const mail = mailsTo(email).at(-1);
    expect(mail, `a mail to ${email}`).toBeDefined();
    return confirmFrom(env.server, from, confirmLinkIn(mail?.raw ?? ''));
  }

  const env = useServerWithClients({ clock });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    await env.trpc.alerts.setDeliverySettings.mutate({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Status <status@acme.test>' }, publicBaseUrl: env.server.url });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('after the flood a new visitor on a new address subscribes and gets the mail; the flood got at most the hourly budget plus one per address', async () => {
    const page = await publishedPage('acme');
    // The page's ordinary morning: 60 readers signed up and have not confirmed yet.
    const readers = await Promise.all(Array.from({ length: 60 }, (_, i) => subscribeFrom(env.server, `127.0.1.${i + 1}`, 'acme', `reader${i + 1}@example.test`)));
    expect(readers.map((res) => res.status)).toEqual(Array(60).fill(202));
    await drain();
    expect(smtp.mails).toHaveLength(60);
    clock.advance(3 * HOUR);

    // Each address signs up junk addresses as fast as it is answered, claiming another address in X-Forwarded-For every time.
    const flood = await Promise.all(
      FLOOD_SOURCES.map(async (from, s) => {
        const answers: RawResponse[] = [];
        for (let n = 0; n < ATTEMPTS_PER_SOURCE; n += 1) {
          answers.push(await subscribeFrom(env.server, from, 'acme', `junk-${s}-${n}@flood.test`, { 'x-forwarded-for': `198.51.100.${n + 1}` }));
        }
        return answers;
      }),
    );

    const visitor = await subscribeFrom(env.server, '127.0.0.200', 'acme', 'Visitor@Example.test');
    expect(visitor.status, visitor.text).toBe(202);
    expect(visitor.body.message).toBe('If visitor@example.test can receive mail, a confirmation link is on its way. Follow it within 24 hours to start receiving incident updates.');
    expect((await confirmLatest('127.0.0.200', 'visitor@example.test')).text).toContain('<h1>You are subscribed</h1>');

    const accepted = flood.flat().filter((res) => res.status === 202).length;
    const floodMails = smtp.mails.filter((mail) => mail.to.some((to) => to.endsWith('@flood.test')));
    expect(floodMails).toHaveLength(accepted);
    // 100 confirmation mails an hour, past which only an address holding no sign-up here gets one.
    expect(accepted).toBeGreaterThanOrEqual(100);
    expect(accepted).toBeLessThanOrEqual(100 + FLOOD_SOURCES.length);
    for (const answers of flood) {
      expect(answers.filter((res) => res.status === 202).length).toBeLessThanOrEqual(10);
      expect(answers.every((res) => res.status === 202 || res.status === 429)).toBe(true);
      expect(ruleOf(answers[ATTEMPTS_PER_SOURCE - 1])).toBe('attempts-per-address');
    }
    const overBudget = flood.flat().find((res) => ruleOf(res) === 'confirmations-per-page');
    expect(overBudget?.body).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^This page has sent its 100 confirmation emails for the hour, and your address already has an unconfirmed subscription here\. Confirm it from its email, or try again in 3600 s\.$/),
      attributes: { rule: 'confirmations-per-page', limit: 100, retryAfterSeconds: 3600 },
    });
    expect(overBudget?.headers['retry-after']).toBe('3600');

    // The budget binds an address only once it holds a sign-up here, and its retry-after is true.
    const neighbour = '127.0.0.201';
    expect((await subscribeFrom(env.server, neighbour, 'acme', 'first@example.test')).status).toBe(202);
    const second = await subscribeFrom(env.server, neighbour, 'acme', 'second@example.test');
    expect(ruleOf(second)).toBe('confirmations-per-page');
    expect(second.headers['retry-after']).toBe('3600');
    clock.advance(3600_000);
    expect((await subscribeFrom(env.server, neighbour, 'acme', 'second@example.test')).status).toBe(202);

    // The morning's readers were not pushed out by the flood: their links still work.
    const counts = await env.trpc.statusPages.subscribers.counts.query();
    expect(counts[page.id]).toEqual({ confirmed: 1, pending: 60 + accepted + 2 });
    expect((await confirmLatest('127.0.1.1', 'reader1@example.test')).text).toContain('<h1>You are subscribed</h1>');
  });

  it('one address holds at most 10 unconfirmed sign-ups on a page; confirming one frees a place, and the retry-after is when the oldest expires', async () => {
    await publishedPage('beta');
    const from = '127.0.2.1';
    for (let n = 0; n < 10; n += 1) expect((await subscribeFrom(env.server, from, 'beta', `office${n}@example.test`)).status).toBe(202);
    clock.advance(HOUR);
    const refused = await subscribeFrom(env.server, from, 'beta', 'office10@example.test');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many unconfirmed subscriptions from your address on this page: at most 10 at a time. Confirm one from its email, or try again in 82800 s.',
      attributes: { rule: 'unconfirmed-per-address', limit: 10, retryAfterSeconds: 82_800 },
    });
    expect(refused.headers['retry-after']).toBe('82800');
    // Another address is not affected.
    expect((await subscribeFrom(env.server, '127.0.2.2', 'beta', 'neighbour@example.test')).status).toBe(202);

    await drain();
    expect((await confirmFrom(env.server, from, confirmLinkIn(mailsTo('office0@example.test')[0].raw))).status).toBe(200);
    expect((await subscribeFrom(env.server, from, 'beta', 'office10@example.test')).status).toBe(202);
    expect((await subscribeFrom(env.server, from, 'beta', 'office11@example.test')).status).toBe(429);

    clock.advance(82_800_000);
    expect((await subscribeFrom(env.server, from, 'beta', 'office11@example.test')).status).toBe(202);
  });

  it("a page full of unconfirmed sign-ups takes room from the address holding the most, not from a reader, and never refuses a new visitor", async () => {
    const page = await publishedPage('gamma');
    const db = env.server.backend.db.db;
    const at = (minutes: number) => new Date(clock.now().getTime() - 20 * HOUR + minutes * 60_000).toISOString();
    // What a flood from 100 hosts left: the oldest sign-up is a reader's, then 999 junk ones, ten per host.
    await insertSubscriber(db, { id: 'reader-early', statusPageId: page.id, email: 'early@example.test', mailbox: 'early@example.test', source: 'reader', createdAt: at(0), confirmedAt: null });
    for (let n = 0; n < 999; n += 1) {
      const email = `junk${n}@flood.test`;
      await insertSubscriber(db, { id: `junk-${n}`, statusPageId: page.id, email, mailbox: email, source: `host-${n % 100}`, createdAt: at(1 + n), confirmedAt: null });
    }
    expect((await env.trpc.statusPages.subscribers.counts.query())[page.id]).toEqual({ confirmed: 0, pending: 1000 });

    const visitor = await subscribeFrom(env.server, '127.0.3.1', 'gamma', 'late@example.test');
    expect(visitor.status, visitor.text).toBe(202);
    await drain();
    expect(mailsTo('late@example.test')).toHaveLength(1);
    const emails = (await env.trpc.statusPages.subscribers.list.query({ statusPageId: page.id })).map((s) => s.email);
    expect(emails).toHaveLength(1000);
    expect(emails).toEqual(expect.arrayContaining(['late@example.test', 'early@example.test']));
    // Hosts 0..98 hold ten each, host-99 nine: the oldest of host-0 made room.
    expect(emails).not.toContain('junk0@flood.test');
    expect(emails).toContain('junk1@flood.test');
  });
});
