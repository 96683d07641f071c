import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src-main/core/logger';
import { transaction } from '../../src-main/db/connection';
import { findAlertChannel } from '../../src-main/db/repositories/alert-channels';
import { findNotification, listDueNotifications, listNotifications, nextDueAt, releaseInterruptedSends, updateNotification, type AlertNotificationRow } from '../../src-main/db/repositories/notifications';
import { createOutboxWorker, finishClaimedAttempt, type OutboxWorker } from '../../src-main/services/engines/outbox-worker';
import { enqueueNotification, holdDigestForBudget } from '../../src-main/services/notifications';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';
import { createEmailChannel, type TestServer } from '../helpers/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 35, item 2 (the outbox rows of the race table): two servers on one PostgreSQL enqueue for
 * one channel at once. Each enqueue locks the channel's row before counting its budget or opening a
 * digest, so the budget holds and the channel has one open digest; and an attempt that outlived its
 * claim does not overwrite the result of the attempt that took the row over.
 */
describe('two servers writing one channel outbox on PostgreSQL', () => {
  let team: PgBackends;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    team = await startPgBackends('budget', 2, {}, async (server) => {
      await server.backend.alerting.dispatcher.stop();
    });
    servers.push(...team.servers);
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  it('a budget of 3: twelve enqueues from each server at once send 3 on their own and carry the rest in one digest', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const { accountId } = a.backend;
    const channelId = await createEmailChannel(a, 'budget@example.test');
    const entry = { accountId, checkAlertId: 'alert', alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    const rateLimit = { max: 3, windowMinutes: 60 };
    const enqueueFrom = async (server: TestServer) => {
      const { deps } = server.backend;
      for (let i = 0; i < 12; i++) {
        await transaction(deps.db, async (tx) => {
          const channel = await findAlertChannel(tx, accountId, channelId);
          if (!channel) throw new Error('the channel was not stored');
          await enqueueNotification(tx, deps.keyring, channel, entry, rateLimit, Date.now());
          // The rest of an alert judgement's transaction: the other server's enqueue overlaps this one.
          await sleep(20);
        });
      }
    };
    await Promise.all([enqueueFrom(a), enqueueFrom(b)]);

    const rows = await listNotifications(a.backend.deps.db, { accountId, from: 0, to: Date.now() + 1, alertChannelId: channelId }, 100, 0);
    const digests = rows.filter((row) => row.alertType === 'DIGEST');
    const onTheirOwn = rows.filter((row) => row.alertType !== 'DIGEST' && row.digestId === null);
    const carried = rows.filter((row) => row.digestId !== null);
    expect(onTheirOwn).toHaveLength(3);
    expect(digests).toHaveLength(1);
    expect(carried).toHaveLength(21);
    expect(new Set(carried.map((row) => row.digestId))).toEqual(new Set([digests[0]?.id]));
  }, 60_000);

  it('a claimed digest goes back to waiting while the budget is full, and only for the attempt that claimed it', async () => {
    const [a] = servers as [TestServer];
    const { accountId, deps } = a.backend;
    const channel = await findAlertChannel(deps.db, accountId, await createEmailChannel(a, 'digest@example.test'));
    if (!channel) throw new Error('the channel was not stored');
    const entry = { accountId, checkAlertId: 'alert', alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    const rateLimit = { max: 1, windowMinutes: 60 };
    const now = Date.now();
    const alone = await enqueueNotification(deps.db, deps.keyring, channel, entry, rateLimit, now);
    const carried = await enqueueNotification(deps.db, deps.keyring, channel, entry, rateLimit, now);
    const digestId = carried.digestId;
    if (digestId === null) throw new Error('the second notification was not carried by a digest');
    // Claimed early (the clock moved): the budget is still full until the first one leaves the window.
    await updateNotification(deps.db, digestId, { attempts: 1, sendingAt: now, nextAttemptAt: now + 60_000 });
    const digest = { id: digestId, alertChannelId: channel.id, sendingAt: now };

    expect(await holdDigestForBudget(deps.db, digest, { max: 5, windowMinutes: 60 }, now)).toBe('send');
    expect(await holdDigestForBudget(deps.db, digest, rateLimit, now)).toBe('wait');
    expect(await findNotification(deps.db, digestId)).toMatchObject({ status: 'IN_PROGRESS', attempts: 0, sendingAt: null, nextAttemptAt: alone.createdAt + 60 * 60_000 });
    // That claim is over: a second answer for it changes nothing.
    expect(await holdDigestForBudget(deps.db, digest, rateLimit, now)).toBe('lost');
  }, 60_000);

  it("an attempt that outlived its lease while another server took the row over leaves that server's result", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const { accountId, deps } = a.backend;
    const channel = await findAlertChannel(deps.db, accountId, await createEmailChannel(a, 'lease@example.test'));
    if (!channel) throw new Error('the channel was not stored');
    const entry = { accountId, checkAlertId: 'alert', alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    const { id } = await enqueueNotification(deps.db, deps.keyring, channel, entry, { max: 1000, windowMinutes: 10 }, Date.now());

    const warn = vi.fn();
    const logger = { info: vi.fn(), warn, error: vi.fn(), debug: vi.fn() } as unknown as Logger;
    const results: Record<string, boolean> = {};
    const workerOf = (server: TestServer, name: string, beforeFinish: () => Promise<void>): OutboxWorker => {
      const serverDeps = { ...server.backend.deps, logger };
      return createOutboxWorker(
        serverDeps,
        {
          table: 'alert_notifications',
          waiting: 'IN_PROGRESS',
          // Only this test's row (the rows of the test above are due as well).
          listDue: async (db, now) => (await listDueNotifications(db, now, 1000)).filter((row) => row.id === id),
          find: findNotification,
          update: updateNotification,
          async deliver(row: AlertNotificationRow) {
            await beforeFinish();
            results[name] = await finishClaimedAttempt(serverDeps, 'alert_notifications', row, async (tx) => {
              await updateNotification(tx, row.id, { status: name === 'a' ? 'FAILURE' : 'SUCCESS', notificationResult: `sent by ${name}`, sendingAt: null, nextAttemptAt: null, sentAt: Date.now() });
            });
          },
          nextDueAt,
          releaseInterrupted: releaseInterruptedSends,
        },
        { concurrency: 1, log: { idKey: 'notificationId', deliveryFailed: 'failed', workerFailed: 'worker failed', resumed: 'resumed', resent: 'resent' } },
      );
    };
    const second = workerOf(b, 'b', async () => undefined);
    // Server a's provider is slow: its claim's lease passes, and server b claims and sends the row meanwhile.
    const first = workerOf(a, 'a', async () => {
      await updateNotification(deps.db, id, { nextAttemptAt: Date.now() - 1 });
      await second.drain();
    });
    await first.drain();
    await Promise.all([first.stop(), second.stop()]);

    expect(results).toEqual({ a: false, b: true });
    expect(await findNotification(deps.db, id)).toMatchObject({ status: 'SUCCESS', notificationResult: 'sent by b', attempts: 2, sendingAt: null });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ id, attempt: 1 }), expect.stringContaining('another attempt took over its row'));
  }, 60_000);
});
