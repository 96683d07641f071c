import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { registerFoldFunction } from '../../src-main/db/name-fold';
import { subscriberMailerOf } from '../../src-main/services/engines/subscriber-mailer';
import { mailboxOf } from '../../src-shared/rules/mailbox';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import { migrationsUpTo } from '../helpers/migrations';
import { makeDataDir, startServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { rawRequest } from '../http/raw';
import { startSmtpReceiver, type SmtpReceiver } from '../notify/receivers';
import { createService } from './fixtures';
import { confirmFrom, confirmLinkIn, createPage, HOUR, subscribeFrom } from './public-fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

const MINUTE = 60_000;

describe('status page sign-ups count by mailbox, re-send sparingly and expire within a day', () => {
  const clock = new ManualClock('2026-04-01T09:00:00.000Z');
  let smtp: SmtpReceiver;
  let page: StatusPageView;

  const drain = () => subscriberMailerOf(env.server.backend.deps.runtime)?.drain() ?? Promise.reject(new Error('no subscriber mailer'));
  /** Mail whose recipient delivers to the mailbox of `address`. */
  const mailsFor = (address: string) => smtp.mails.filter((mail) => mail.to.some((to) => mailboxOf(to) === mailboxOf(address)));
  const subscribers = () => env.trpc.statusPages.subscribers.list.query({ statusPageId: page.id });

  const env = useServerWithClients({ clock });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    await env.trpc.alerts.setDeliverySettings.mutate({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Status <status@acme.test>' }, publicBaseUrl: env.server.url });
    const service = await createService(env.server, 'Public API');
    page = await createPage(env.server, 'acme', [{ name: 'Core', services: [service] }], { published: true });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('plus-aliases and capitals of one mailbox are one subscription and one mail; the sixth try within the hour is refused', async () => {
    const answers = [];
    for (let n = 1; n <= 20; n += 1) answers.push(await subscribeFrom(env.server, '127.0.5.1', 'acme', n % 2 ? `victim+${n}@example.test` : `VICTIM+${n}@Example.Test`));
    expect(answers.map((res) => res.status)).toEqual([...Array(5).fill(202), ...Array(15).fill(429)]);
    expect(answers[5].body).toMatchObject({ message: expect.stringMatching(/^Too many subscription attempts for this address\. Try again in \d+ s\.$/), attributes: { rule: 'attempts-per-email', limit: 5 } });
    await drain();
    expect(mailsFor('victim@example.test').map((mail) => mail.to)).toEqual([['victim+1@example.test']]);
    expect((await subscribers()).filter((s) => mailboxOf(s.email) === 'victim@example.test').map((s) => s.email)).toEqual(['victim+1@example.test']);
  });

  it("Gmail's dots and googlemail.com are one mailbox; elsewhere a dot makes another address", async () => {
    for (const email of ['John.Doe@gmail.com', 'johndoe+status@googlemail.com', 'j.o.h.n.doe@gmail.com']) {
      expect((await subscribeFrom(env.server, '127.0.5.2', 'acme', email)).status).toBe(202);
    }
    for (const email of ['first.last@example.test', 'firstlast@example.test']) expect((await subscribeFrom(env.server, '127.0.5.2', 'acme', email)).status).toBe(202);
    await drain();
    expect(mailsFor('johndoe@gmail.com').map((mail) => mail.to)).toEqual([['john.doe@gmail.com']]);
    // Two mails, one per address; the outbox delivers them concurrently, in no fixed order.
    expect(smtp.mails.filter((mail) => mail.to[0].endsWith('@example.test') && mail.to[0].startsWith('first')).map((mail) => mail.to[0]).sort()).toEqual([
      'first.last@example.test',
      'firstlast@example.test',
    ]);
  });

  it('a confirmed mailbox gets nothing more under any alias; a pending one gets its confirmation again at most every 10 minutes, 3 times in all', async () => {
    expect((await subscribeFrom(env.server, '127.0.5.3', 'acme', 'carol@example.test')).status).toBe(202);
    await drain();
    expect((await confirmFrom(env.server, '127.0.5.3', confirmLinkIn(mailsFor('carol@example.test')[0].raw))).status).toBe(200);
    expect((await subscribeFrom(env.server, '127.0.5.3', 'acme', 'Carol+again@example.test')).status).toBe(202);
    await drain();
    expect(mailsFor('carol@example.test')).toHaveLength(1);

    const tries: number[] = [];
    for (const wait of [0, 9 * MINUTE, MINUTE, 10 * MINUTE, 10 * MINUTE]) {
      clock.advance(wait);
      expect((await subscribeFrom(env.server, `127.0.5.${4 + tries.length}`, 'acme', 'dave@example.test')).status).toBe(202);
      await drain();
      tries.push(mailsFor('dave@example.test').length);
    }
    // Sent at once, not again at +9 min, again at +10 and +20 min, then never.
    expect(tries).toEqual([1, 1, 2, 3, 3]);
  });

  it('an unconfirmed subscription and its link expire 24 hours after the sign-up; the retention pass removes it; confirmed ones stay', async () => {
    const signedUpAt = clock.now().getTime();
    expect((await subscribeFrom(env.server, '127.0.6.1', 'acme', 'erin@example.test')).status).toBe(202);
    expect((await subscribeFrom(env.server, '127.0.6.1', 'acme', 'frank@example.test')).status).toBe(202);
    await drain();
    const erinLink = confirmLinkIn(mailsFor('erin@example.test')[0].raw);
    const show = () => rawRequest(env.server.url, { path: `${erinLink.path}?s=${erinLink.s}&t=${erinLink.t}`, localAddress: '127.0.6.1' });
    expect((await confirmFrom(env.server, '127.0.6.1', confirmLinkIn(mailsFor('frank@example.test')[0].raw))).status).toBe(200);

    clock.set(signedUpAt + 24 * HOUR - 1000);
    expect((await show()).text).toContain('<button type="submit">Confirm subscription</button>');
    clock.set(signedUpAt + 24 * HOUR);
    const expired = await show();
    expect(expired.status).toBe(404);
    expect(expired.text).toContain('The confirmation link is not valid or has expired.');
    expect((await confirmFrom(env.server, '127.0.6.1', erinLink)).status).toBe(404);

    const report = await env.server.backend.retention.runOnce();
    expect(report.errors).toEqual([]);
    expect(report.pruned.unconfirmedSubscribers).toBeGreaterThanOrEqual(1);
    const left = (await subscribers()).map((s) => s.email);
    expect(left).not.toContain('erin@example.test');
    expect(left).toContain('frank@example.test');
    // Expired means gone: signing up again sends a fresh link.
    expect((await subscribeFrom(env.server, '127.0.6.2', 'acme', 'erin@example.test')).status).toBe(202);
    await drain();
    expect(mailsFor('erin@example.test')).toHaveLength(2);
  });
});

describe('subscribers stored before mailboxes were counted', () => {
  it('are found under any alias after the upgrade: a confirmed one gets no confirmation mail', async () => {
    const smtp = await startSmtpReceiver();
    const oldMigrations = await migrationsUpTo('0010_check_name_folded');
    const dataDir = await makeDataDir();
    try {
      // This code cannot write the old schema (nor start on it), so the database an older Sightline
      // left is built with its migrations and the rows are written as it wrote them.
      const sqlite = new Database(join(dataDir, DB_FILE_NAME));
      registerFoldFunction(sqlite);
      migrate(drizzle(sqlite), { migrationsFolder: oldMigrations });
      const now = new Date().toISOString();
      const accountId = randomUUID();
      const pageId = randomUUID();
      sqlite.prepare("insert into accounts (id, name, created_at) values (?, 'Old', ?)").run(accountId, now);
      sqlite
        .prepare("insert into status_pages (id, account_id, name, url, default_theme, is_private, created_at, updated_at, published) values (?, ?, 'legacy status', 'legacy', 'AUTO', 0, ?, ?, 1)")
        .run(pageId, accountId, now, now);
      sqlite.prepare('insert into status_page_subscribers (id, status_page_id, email, created_at, confirmed_at) values (?, ?, ?, ?, ?)').run(randomUUID(), pageId, 'pat+news@example.test', now, now);
      sqlite.close();

      const after = await startServer({ dataDir });
      try {
        await trpcClient(after.url, after.key).alerts.setDeliverySettings.mutate({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'status@acme.test' }, publicBaseUrl: after.url });
        expect((await subscribeFrom(after, '127.0.7.1', 'legacy', 'Pat@example.test')).status).toBe(202);
        await subscriberMailerOf(after.backend.deps.runtime)?.drain();
        expect((await subscribeFrom(after, '127.0.7.1', 'legacy', 'sam@example.test')).status).toBe(202);
        await subscriberMailerOf(after.backend.deps.runtime)?.drain();
        expect(smtp.mails.map((mail) => mail.to)).toEqual([['sam@example.test']]);
      } finally {
        await after.close();
      }
    } finally {
      await rm(oldMigrations, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
      await smtp.close();
    }
  });
});
