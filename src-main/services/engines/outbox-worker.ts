import { afterCommit, transaction, type Db } from '../../db/connection';
import { claimStillHeld, lockOutboxRow, outboxesShared, type OutboxTable } from '../../db/repositories/outbox-claims';
import type { ServiceDeps } from '../context';
import { accountDelivery } from '../settings';

/** What the worker reads and writes of a row, the same in every outbox (alert notifications, subscriber mail). */
export interface OutboxRow {
  id: string;
  accountId: string;
  status: string;
  attempts: number;
  sendingAt: number | null;
  nextAttemptAt: number | null;
}

/** One outbox's repository functions and delivery; the worker calls them in its loop. */
export interface OutboxSteps<Row extends OutboxRow> {
  /** The outbox's table: a claim locks its row first (several servers deliver one outbox in team mode). */
  table: OutboxTable;
  /** The status of a row still to be sent; it is due once its nextAttemptAt has come. */
  waiting: Row['status'];
  /** Waiting rows due at `now`, earliest first. */
  listDue(db: Db, now: number, limit: number): Promise<readonly { id: string }[]>;
  find(db: Db, id: string): Promise<Row | undefined>;
  update(db: Db, id: string, patch: Pick<Row, 'attempts' | 'sendingAt' | 'nextAttemptAt'>): Promise<void>;
  /** Sends a claimed row, outside any transaction, and records how it went. */
  deliver(row: Row): Promise<void>;
  /** The earliest nextAttemptAt of a waiting row, or null when none waits. */
  nextDueAt(db: Db): Promise<number | null>;
  /** At start: rows caught mid-send by the last shutdown are due at once; returns how many. */
  releaseInterrupted(db: Db, now: number): Promise<number>;
  /** Deletes finished rows, at most once per `everyMs`, before a look at the outbox. */
  prune?: { everyMs: number; run(now: number): Promise<void> };
}

export interface OutboxWorkerOptions {
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Longest wait between looks at the outbox (the clock may be moved by hand in tests). */
  maxIdleMs?: number;
  /** The log field that names a row, and the messages of the worker's own log lines. */
  log: { idKey: string; deliveryFailed: string; workerFailed: string; resumed: string; resent: string };
}

export interface OutboxWorker {
  /** Resumes what a previous process left (sends caught mid-flight are due at once) and starts delivering. */
  start(): Promise<void>;
  /** Look at the outbox soon (after new rows were committed). */
  kick(): void;
  /** Delivers everything due now, including retries that fall due meanwhile, and resolves when none is left or in flight. */
  drain(): Promise<void>;
  /** Stops looking; waits for deliveries in flight. */
  stop(): Promise<void>;
}

/**
 * Records how a claimed attempt ended (`write`, in one transaction), only while its claim still
 * holds the row. An attempt that outlived its lease may find the row claimed again by another
 * server (team mode): that attempt owns it now, and this one's result is logged, not written, so
 * the row never gets two final writes. Answers whether it was written.
 */
export async function finishClaimedAttempt(deps: ServiceDeps, table: OutboxTable, row: Pick<OutboxRow, 'id' | 'sendingAt' | 'attempts'>, write: (tx: Db) => Promise<void>): Promise<boolean> {
  const claimedAt = row.sendingAt;
  const written = claimedAt !== null && await transaction(deps.db, async (tx) => {
    if (!await claimStillHeld(tx, table, row.id, claimedAt)) return false;
    await write(tx);
    return true;
  });
  if (!written) deps.logger.warn({ table, id: row.id, attempt: row.attempts, claimedAt }, 'an outbox attempt ended after another attempt took over its row: its result is not recorded');
  return written;
}

/**
 * Delivers one outbox. Each attempt first claims its row in its own transaction (attempts + 1,
 * sendingAt, and a lease on nextAttemptAt), then delivers outside any transaction. A process killed
 * mid-send leaves the claim: the next start makes the row due again, so delivery is at-least-once.
 */
export function createOutboxWorker<Row extends OutboxRow>(deps: ServiceDeps, outbox: OutboxSteps<Row>, options: OutboxWorkerOptions): OutboxWorker {
  const maxIdleMs = options.maxIdleMs ?? 30_000;
  const { log } = options;
  const inFlight = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let prunedAt = -Infinity;

  const now = () => deps.clock.now().getTime();

  async function claim(id: string): Promise<Row | null> {
    return await transaction(deps.db, async (tx) => {
      await lockOutboxRow(tx, outbox.table, id);
      const row = await outbox.find(tx, id);
      if (!row || row.status !== outbox.waiting || row.nextAttemptAt === null || row.nextAttemptAt > now()) return null;
      // Claimed before and never finished: its server stopped or died mid-send. The one window of
      // "at least once" left: the receiver may have it already (same idempotency key).
      if (row.sendingAt !== null) {
        deps.logger.warn({ [log.idKey]: id, attempt: row.attempts + 1, unfinishedSince: row.sendingAt }, log.resent);
      }
      const { settings } = await accountDelivery(tx, deps.keyring, row.accountId);
      const at = now();
      // The lease keeps the row from being picked again while this attempt runs.
      const claimed = { ...row, attempts: row.attempts + 1, sendingAt: at, nextAttemptAt: at + settings.timeoutMs + 60_000 };
      await outbox.update(tx, id, { attempts: claimed.attempts, sendingAt: claimed.sendingAt, nextAttemptAt: claimed.nextAttemptAt });
      return claimed;
    });
  }

  async function attempt(id: string): Promise<void> {
    const row = await claim(id);
    if (row) await outbox.deliver(row);
  }

  async function launchDue(): Promise<void> {
    if (options.concurrency - inFlight.size <= 0) return;
    const listed = await outbox.listDue(deps.db, now(), options.concurrency);
    // Counted again after the read: deliveries may have started or ended meanwhile.
    const free = options.concurrency - inFlight.size;
    const due = listed.map((row) => row.id).filter((id) => !inFlight.has(id));
    for (const id of due.slice(0, Math.max(0, free))) {
      const task = attempt(id)
        .catch((error: unknown) => deps.logger.error({ err: error, [log.idKey]: id }, log.deliveryFailed))
        .finally(() => {
          inFlight.delete(id);
          if (running) schedule(0);
        });
      inFlight.set(id, task);
    }
  }

  async function prune(): Promise<void> {
    if (!outbox.prune || now() - prunedAt < outbox.prune.everyMs) return;
    prunedAt = now();
    await outbox.prune.run(prunedAt);
  }

  // One look at a time: a kick (or a delivery ending) during a look asks for another one right after it.
  let looking = false;
  /** The look in progress: stop() waits for it, so no look reads a database already closed. */
  let currentLook: Promise<void> = Promise.resolve();
  let lookAgain = false;

  function schedule(delayMs: number): void {
    if (!running) return;
    if (looking) {
      // The look ends by planning its own next one; only an earlier one is asked for here.
      if (delayMs <= 0) lookAgain = true;
      return;
    }
    arm(delayMs);
  }

  function arm(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, Math.min(delayMs, maxIdleMs)));
    timer.unref();
  }

  function tick(): void {
    timer = null;
    if (!running) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = true;
    currentLook = look().finally(() => {
      looking = false;
      if (lookAgain) {
        lookAgain = false;
        schedule(0);
      }
    });
  }

  async function look(): Promise<void> {
    try {
      await prune();
      await launchDue();
      const next = await outbox.nextDueAt(deps.db);
      arm(next === null ? maxIdleMs : next - now());
    } catch (error) {
      deps.logger.error({ err: error }, log.workerFailed);
      arm(maxIdleMs);
    }
  }

  return {
    async start() {
      if (running) return;
      running = true;
      // Team mode: rows caught mid-send are left to their claim's lease (another server may be
      // sending them now); once it passes, any server's claim takes them (and logs the resend).
      if (!outboxesShared()) {
        const resumed = await outbox.releaseInterrupted(deps.db, now());
        if (resumed > 0) deps.logger.info({ resumed }, log.resumed);
      }
      schedule(0);
    },
    kick() {
      // After the commit of the transaction the caller may be inside (rows it queued are then
      // visible), and outside its context: a look started from there would otherwise run its own
      // transactions as savepoints of the caller's, on its connection (PostgreSQL refused them
      // once it had committed).
      afterCommit(deps.db, () => schedule(0));
    },
    async drain() {
      for (;;) {
        await launchDue();
        if (inFlight.size === 0) return;
        await Promise.race(inFlight.values());
      }
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await currentLook;
      await Promise.allSettled(inFlight.values());
    },
  };
}
