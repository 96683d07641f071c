import { transaction } from '../../db/connection';
import {
  findSubscriberEmail,
  listDueSubscriberEmails,
  nextSubscriberEmailDueAt,
  pruneFinishedSubscriberEmails,
  releaseInterruptedSubscriberEmails,
  updateSubscriberEmail,
  type SubscriberEmailRow,
} from '../../db/repositories/status-page-emails';
import { subscriberMessage } from '../../notify/subscriber-email';
import { sendSubscriberMail } from '../../notify/subscriber-mail';
import type { DeliveryResult } from '../../notify/types';
import { createScrubber } from '../../runner/scrub';
import { retryDelayMs } from '../../../src-shared/rules/notifications';
import type { ServiceDeps } from '../context';
import type { Runtime } from '../runtime';
import { accountDelivery } from '../settings';
import { publicPageUrl } from './public-page';
import { planSubscriberMail } from './subscriber-mail-facts';

/** Finished mail (sent, failed, skipped) is kept this long for the console, then deleted. */
export const SUBSCRIBER_MAIL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface SubscriberMailerOptions {
  /** Mails in flight at once. */
  concurrency?: number;
  /** Longest wait between looks at the outbox. */
  maxIdleMs?: number;
}

export interface SubscriberMailer {
  start(): void;
  /** Look at the outbox soon (after new rows were committed). */
  kick(): void;
  /** Sends everything due now and resolves when nothing is left or in flight. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

const mailers = new WeakMap<Runtime, SubscriberMailer>();

/** Nudges the backend's subscriber mailer after a commit that queued mail (a no-op before it started). */
export function kickSubscriberMail(runtime: Runtime): void {
  mailers.get(runtime)?.kick();
}

/** The running mailer of a backend (tests drain it). */
export function subscriberMailerOf(runtime: Runtime): SubscriberMailer | null {
  return mailers.get(runtime) ?? null;
}

/**
 * Delivers the subscriber outbox like the alert dispatcher delivers notifications: an attempt is
 * marked in its own transaction, the SMTP call runs outside any, and the outcome is recorded as
 * SENT, a retry after the same backoff, or FAILED (logged, and shown with the subscriber in the
 * console). Requests that queue mail never wait for SMTP.
 */
export function createSubscriberMailer(deps: ServiceDeps, options: SubscriberMailerOptions = {}): SubscriberMailer {
  const concurrency = options.concurrency ?? 4;
  const maxIdleMs = options.maxIdleMs ?? 30_000;
  const inFlight = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let prunedAt = -Infinity;
  const now = () => deps.clock.now().getTime();
  const pageUrlOf = (accountId: string, slug: string) => publicPageUrl(deps, accountId, slug);

  function claim(id: string): SubscriberEmailRow | null {
    return transaction(deps.db, (tx) => {
      const row = findSubscriberEmail(tx, id);
      if (!row || row.status !== 'PENDING' || row.nextAttemptAt === null || row.nextAttemptAt > now()) return null;
      const { settings } = accountDelivery(tx, deps.keyring, row.accountId);
      const at = now();
      const claimed = { ...row, attempts: row.attempts + 1, sendingAt: at, nextAttemptAt: at + settings.timeoutMs + 60_000 };
      updateSubscriberEmail(tx, id, { attempts: claimed.attempts, sendingAt: claimed.sendingAt, nextAttemptAt: claimed.nextAttemptAt });
      return claimed;
    });
  }

  function finish(row: SubscriberEmailRow, status: 'SENT' | 'FAILED' | 'SKIPPED' | 'PENDING', result: string, retryAt: number | null): void {
    updateSubscriberEmail(deps.db, row.id, { status, result, sentAt: now(), sendingAt: null, nextAttemptAt: status === 'PENDING' ? retryAt : null });
  }

  async function attempt(id: string): Promise<void> {
    const row = claim(id);
    if (!row) return;
    const plan = planSubscriberMail(deps.db, deps.keyring, row, pageUrlOf);
    if (!plan.send) {
      finish(row, 'SKIPPED', plan.reason, null);
      return;
    }
    const { settings } = accountDelivery(deps.db, deps.keyring, row.accountId, deps.runtime.baseUrl);
    const scrub = createScrubber([settings.smtp.password].filter((v): v is string => typeof v === 'string' && v.length >= 4));
    let result: DeliveryResult;
    try {
      result = await sendSubscriberMail(row.id, plan.to, subscriberMessage(plan.facts), settings, { now: () => deps.clock.now() });
    } catch (error) {
      result = { ok: false, retryable: false, notificationResult: 'Internal error while sending; see the server log', error: error instanceof Error ? error.message : String(error) };
    }
    const text = scrub.text(result.ok ? result.notificationResult : (result.error ?? result.notificationResult));
    const delay = result.ok || !result.retryable ? null : retryDelayMs(row.attempts);
    const status = result.ok ? 'SENT' : delay === null ? 'FAILED' : 'PENDING';
    finish(row, status, text, delay === null ? null : now() + delay);
    const log = { subscriberMailId: row.id, statusPageId: row.statusPageId, kind: row.kind, attempt: row.attempts, status: result.status, result: text };
    if (status === 'FAILED') deps.logger.warn(log, 'status page subscriber mail failed');
    else if (status === 'PENDING') deps.logger.info(log, 'status page subscriber mail will be retried');
  }

  function launchDue(): void {
    const free = concurrency - inFlight.size;
    if (free <= 0) return;
    const due = listDueSubscriberEmails(deps.db, now(), free + inFlight.size).filter((row) => !inFlight.has(row.id));
    for (const row of due.slice(0, free)) {
      const task = attempt(row.id)
        .catch((error: unknown) => deps.logger.error({ err: error, subscriberMailId: row.id }, 'sending a status page subscriber mail failed'))
        .finally(() => {
          inFlight.delete(row.id);
          if (running) schedule(0);
        });
      inFlight.set(row.id, task);
    }
  }

  function prune(): void {
    if (now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now();
    while (pruneFinishedSubscriberEmails(deps.db, now() - SUBSCRIBER_MAIL_KEEP_MS, 500) === 500) {
      // small batches keep each write short
    }
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, Math.min(delayMs, maxIdleMs)));
    timer.unref();
  }

  function tick(): void {
    timer = null;
    if (!running) return;
    try {
      prune();
      launchDue();
      const next = nextSubscriberEmailDueAt(deps.db);
      schedule(next === null ? maxIdleMs : next - now());
    } catch (error) {
      deps.logger.error({ err: error }, 'the status page subscriber mailer failed; trying again');
      schedule(maxIdleMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      const resumed = releaseInterruptedSubscriberEmails(deps.db, now());
      if (resumed > 0) deps.logger.info({ resumed }, 'resending subscriber mail interrupted by the last shutdown');
      schedule(0);
    },
    kick() {
      schedule(0);
    },
    async drain() {
      for (;;) {
        launchDue();
        if (inFlight.size === 0) return;
        await Promise.race(inFlight.values());
      }
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled(inFlight.values());
    },
  };
}

/** Creates and starts the backend's mailer, reachable through kickSubscriberMail(runtime). */
export function startSubscriberMailer(deps: ServiceDeps, options: SubscriberMailerOptions = {}): SubscriberMailer {
  const mailer = createSubscriberMailer(deps, options);
  mailers.set(deps.runtime, mailer);
  mailer.start();
  return mailer;
}
