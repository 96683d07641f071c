import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src-main/core/logger';
import { findAlertChannel } from '../../src-main/db/repositories/alert-channels';
import { findNotification, listDueNotifications, nextDueAt, releaseInterruptedSends, updateNotification, type AlertNotificationRow } from '../../src-main/db/repositories/notifications';
import { createOutboxWorker, type OutboxWorker } from '../../src-main/services/engines/outbox-worker';
import { enqueueNotification } from '../../src-main/services/notifications';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';
import { createEmailChannel, type TestServer } from '../helpers/server';

/**
 * Issue 35, item 5: two servers on one PostgreSQL deliver one outbox. Each claims a row in a
 * transaction that locks it first, so a row both see as due is sent by one of them only.
 */
describe('two servers claiming one outbox on PostgreSQL', () => {
  let team: PgBackends;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    team = await startPgBackends('claims', 2, {}, async (server) => {
      await server.backend.alerting.dispatcher.stop();
    });
    servers.push(...team.servers);
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  it('60 notifications due at once, two workers of eight deliveries each on two servers: every one is sent exactly once', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const { accountId, deps } = a.backend;
    const channel = await findAlertChannel(deps.db, accountId, await createEmailChannel(a));
    if (!channel) throw new Error('the channel was not stored');
    const entry = { accountId, checkAlertId: 'alert', alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await enqueueNotification(deps.db, deps.keyring, channel, entry, { max: 1000, windowMinutes: 10 }, Date.now())).id);

    const sent: { id: string; by: string }[] = [];
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as Logger;
    const workerOf = (server: TestServer, name: string): OutboxWorker =>
      createOutboxWorker(
        { ...server.backend.deps, logger },
        {
          table: 'alert_notifications',
          waiting: 'IN_PROGRESS',
          listDue: listDueNotifications,
          find: findNotification,
          update: updateNotification,
          async deliver(row: AlertNotificationRow) {
            sent.push({ id: row.id, by: name });
            // A provider's round trip (25 ms: 60 rows take the two workers about 100 ms each), so both
            // servers are claiming at the same time even on a loaded machine.
            await new Promise((resolve) => setTimeout(resolve, 25));
            await updateNotification(server.backend.deps.db, row.id, { status: 'SUCCESS', sendingAt: null, nextAttemptAt: null, sentAt: Date.now() });
          },
          nextDueAt,
          releaseInterrupted: releaseInterruptedSends,
        },
        { concurrency: 8, log: { idKey: 'notificationId', deliveryFailed: 'failed', workerFailed: 'worker failed', resumed: 'resumed', resent: 'resent' } },
      );
    const workers = [workerOf(a, 'a'), workerOf(b, 'b')];
    await Promise.all(workers.map((worker) => worker.drain()));
    await Promise.all(workers.map((worker) => worker.stop()));

    const times = new Map<string, number>();
    for (const { id } of sent) times.set(id, (times.get(id) ?? 0) + 1);
    expect([...times.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...times.keys()].sort()).toEqual([...ids].sort());
    // Both servers did part of the work.
    expect(new Set(sent.map((s) => s.by))).toEqual(new Set(['a', 'b']));
    for (const id of ids) expect(await findNotification(deps.db, id)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
  }, 60_000);
});
