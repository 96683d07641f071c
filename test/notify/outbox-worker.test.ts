import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import type { Logger } from '../../src-main/core/logger';
import { transaction, type Db } from '../../src-main/db/connection';
import { findAlertChannel } from '../../src-main/db/repositories/alert-channels';
import { findNotification, listDueNotifications, nextDueAt, releaseInterruptedSends, updateNotification, type AlertNotificationRow } from '../../src-main/db/repositories/notifications';
import { createOutboxWorker, type OutboxSteps, type OutboxWorker } from '../../src-main/services/engines/outbox-worker';
import { enqueueNotification } from '../../src-main/services/notifications';
import { createEmailChannel, startServer, type TestServer } from '../helpers/server';

const HOUR = 3_600_000;

/** The outbox worker over the real notification table of a real backend (whose own dispatcher is stopped). */
describe('the outbox worker', () => {
  let server: TestServer;
  let clock: ManualClock;
  let logger: Logger & { error: ReturnType<typeof vi.fn> };
  const workers: OutboxWorker[] = [];

  beforeEach(async () => {
    clock = new ManualClock('2026-03-01T12:00:00.000Z');
    server = await startServer({ clock });
    await server.backend.alerting.dispatcher.stop();
    logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as typeof logger;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await server.stop();
  });

  const db = () => server.backend.deps.db;
  const row = (id: string) => findNotification(db(), id);

  /** Queues `count` notifications the way alerting does (IN_PROGRESS, due now); returns their ids. */
  async function queue(count: number): Promise<string[]> {
    const { accountId, deps } = server.backend;
    const channel = await findAlertChannel(deps.db, accountId, await createEmailChannel(server));
    if (!channel) throw new Error('the channel was not stored');
    const entry = { accountId, checkAlertId: 'alert', alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await enqueueNotification(deps.db, deps.keyring, channel, entry, { max: 100, windowMinutes: 10 }, clock.now().getTime())).id);
    return ids;
  }

  async function markSent(sent: AlertNotificationRow): Promise<void> {
    await updateNotification(db(), sent.id, { status: 'SUCCESS', sendingAt: null, nextAttemptAt: null, sentAt: clock.now().getTime() });
  }

  function worker(deliver: (row: AlertNotificationRow) => Promise<void>, steps: Partial<OutboxSteps<AlertNotificationRow>> = {}, options: { concurrency?: number; maxIdleMs?: number } = {}): OutboxWorker {
    const created = createOutboxWorker(
      { ...server.backend.deps, logger },
      { table: 'alert_notifications', waiting: 'IN_PROGRESS', listDue: listDueNotifications, find: findNotification, update: updateNotification, deliver, nextDueAt, releaseInterrupted: releaseInterruptedSends, ...steps },
      { concurrency: options.concurrency ?? 2, maxIdleMs: options.maxIdleMs, log: { idKey: 'notificationId', deliveryFailed: 'delivering a test row failed', workerFailed: 'the test worker failed', resumed: 'resumed test rows', resent: 'resent a test row' } },
    );
    workers.push(created);
    return created;
  }

  it('runs at most `concurrency` deliveries at once and delivers each due row once', async () => {
    const ids = await queue(5);
    let active = 0;
    let most = 0;
    const delivered: string[] = [];
    // Each delivery lasts until a second one runs beside it (at most half a second: the last one
    // runs alone). On PostgreSQL a claim is a round trip, so one tick would not be enough for two to overlap.
    const overlap = async () => {
      for (const until = Date.now() + 500; active < 2 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const w = worker(async (claimed) => {
      active++;
      most = Math.max(most, active);
      await overlap();
      delivered.push(claimed.id);
      await markSent(claimed);
      active--;
    }, {}, { concurrency: 2 });

    await w.drain();

    expect(most).toBe(2);
    expect(delivered.sort()).toEqual(ids.sort());
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
  });

  it('logs a delivery that throws under the outbox id field, keeps its claim, and still delivers the others', async () => {
    const [bad = '', good = ''] = await queue(2);
    const w = worker(async (claimed) => {
      if (claimed.id === bad) throw new Error('boom');
      await markSent(claimed);
    }, {}, { concurrency: 1 });

    await w.drain();

    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ notificationId: bad, err: expect.objectContaining({ message: 'boom' }) }), 'delivering a test row failed');
    expect(await row(good)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    // The claim's lease keeps it from being tried again at once; a restart would release it.
    expect(await row(bad)).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, sendingAt: clock.now().getTime() });
  });

  it('a step that throws in the loop is logged, and the loop looks again and delivers', async () => {
    const [id = ''] = await queue(1);
    let failures = 0;
    let delivered!: () => void;
    const done = new Promise<void>((resolve) => (delivered = resolve));
    const w = worker(
      async (claimed) => {
        await markSent(claimed);
        delivered();
      },
      {
        listDue: async (listDb: Db, now: number, limit: number) => {
          if (failures++ === 0) throw new Error('database is locked');
          return await listDueNotifications(listDb, now, limit);
        },
      },
      // The look after a failure waits maxIdleMs: kept short so the test is quick (it asserts no duration).
      { maxIdleMs: 10 },
    );
    await w.start();
    await done;

    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: 'database is locked' }) }), 'the test worker failed');
    expect(await row(id)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
  });

  it('a kick from inside a transaction looks once that transaction committed, not inside it', async () => {
    const { accountId, deps } = server.backend;
    const channel = await findAlertChannel(deps.db, accountId, await createEmailChannel(server));
    if (!channel) throw new Error('the channel was not stored');
    const entry = { accountId, checkAlertId: 'alert', alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    const delivered: string[] = [];
    const w = worker(async (claimed) => {
      delivered.push(claimed.id);
      await markSent(claimed);
    });
    await w.start();
    await w.drain();
    // As an agent notice is queued: inside a transaction that goes on after its kick.
    const id = await transaction(db(), async (tx) => {
      const queued = (await enqueueNotification(tx, deps.keyring, channel, entry, { max: 100, windowMinutes: 10 }, clock.now().getTime())).id;
      w.kick();
      for (let i = 0; i < 20; i++) await findNotification(tx, queued);
      // Not claimed from inside this transaction (on PostgreSQL a look started here ran its claim
      // as a savepoint of it, on its connection, and failed once it had committed).
      expect(delivered).toEqual([]);
      expect(await findNotification(tx, queued)).toMatchObject({ attempts: 0, sendingAt: null });
      return queued;
    });
    await vi.waitFor(() => expect(delivered).toEqual([id]), { timeout: 5_000, interval: 10 });
    expect(logger.error).not.toHaveBeenCalled();
    expect(await row(id)).toMatchObject({ status: 'SUCCESS', attempts: 1 });
  });

  it('stop waits for the deliveries in flight', async () => {
    const [id = ''] = await queue(1);
    let entered!: () => void;
    const inDelivery = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const w = worker(async (claimed) => {
      entered();
      await gate;
      await markSent(claimed);
    });
    await w.start();
    await inDelivery;

    const stopped = w.stop().then(() => 'stopped');
    expect(await Promise.race([stopped, new Promise((resolve) => setImmediate(() => resolve('still waiting')))])).toBe('still waiting');
    release();
    expect(await stopped).toBe('stopped');
    expect(await row(id)).toMatchObject({ status: 'SUCCESS' });
  });

  it('prunes at the first look, then not again until `everyMs` has passed on the clock', async () => {
    const pruned: number[] = [];
    let looked: (() => void) | null = null;
    const w = worker(async (claimed) => await markSent(claimed), {
      nextDueAt: async (lookDb: Db) => {
        looked?.();
        return await nextDueAt(lookDb);
      },
      prune: {
        everyMs: HOUR,
        run: async (at) => {
          pruned.push(at);
        },
      },
    });
    const look = (poke: () => void) => new Promise<void>((resolve) => ((looked = resolve), poke()));
    const t0 = clock.now().getTime();

    await look(() => w.start());
    expect(pruned).toEqual([t0]);
    clock.advance(HOUR - 1);
    await look(() => w.kick());
    expect(pruned).toEqual([t0]);
    clock.advance(1);
    await look(() => w.kick());
    expect(pruned).toEqual([t0, t0 + HOUR]);
  });
});
