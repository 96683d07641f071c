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
import { createOutboxWorker, finishClaimedAttempt, type OutboxWorker } from './outbox-worker';
import type { Runtime } from '../runtime';
import { accountDelivery } from '../settings';
import { planSubscriberMail, publicPageUrl, registerSubscriberMailer } from '../status-pages';

/** Finished mail (sent, failed, skipped) is kept this long for the console, then deleted. */
export const SUBSCRIBER_MAIL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface SubscriberMailerOptions {
  /** Mails in flight at once. */
  concurrency?: number;
  /** Longest wait between looks at the outbox. */
  maxIdleMs?: number;
}

export type SubscriberMailer = OutboxWorker;

const mailers = new WeakMap<Runtime, SubscriberMailer>();

/** The running mailer of a backend (tests drain it). */
export function subscriberMailerOf(runtime: Runtime): SubscriberMailer | null {
  return mailers.get(runtime) ?? null;
}

/**
 * Delivers the subscriber outbox through the same outbox worker as the alert dispatcher: an attempt is
 * marked in its own transaction, the SMTP call runs outside any, and the outcome is recorded as
 * SENT, a retry after the same backoff, or FAILED (logged, and shown with the subscriber in the
 * console). Requests that queue mail never wait for SMTP.
 */
export function createSubscriberMailer(deps: ServiceDeps, options: SubscriberMailerOptions = {}): SubscriberMailer {
  const now = () => deps.clock.now().getTime();
  const pageUrlOf = (accountId: string, slug: string) => publicPageUrl(deps, accountId, slug);

  async function finish(row: SubscriberEmailRow, status: 'SENT' | 'FAILED' | 'SKIPPED' | 'PENDING', result: string, retryAt: number | null): Promise<boolean> {
    return await finishClaimedAttempt(deps, 'status_page_emails', row, async (tx) => {
      await updateSubscriberEmail(tx, row.id, { status, result, sentAt: now(), sendingAt: null, nextAttemptAt: status === 'PENDING' ? retryAt : null });
    });
  }

  async function deliverRow(row: SubscriberEmailRow): Promise<void> {
    const plan = await planSubscriberMail(deps.db, deps.keyring, row, pageUrlOf);
    if (!plan.send) {
      await finish(row, 'SKIPPED', plan.reason, null);
      return;
    }
    const { settings } = await accountDelivery(deps.db, deps.keyring, row.accountId, deps.runtime.baseUrl);
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
    if (!await finish(row, status, text, delay === null ? null : now() + delay)) return;
    const log = { subscriberMailId: row.id, statusPageId: row.statusPageId, kind: row.kind, attempt: row.attempts, status: result.status, result: text };
    if (status === 'FAILED') deps.logger.warn(log, 'status page subscriber mail failed');
    else if (status === 'PENDING') deps.logger.info(log, 'status page subscriber mail will be retried');
  }

  async function prune(at: number): Promise<void> {
    while (await pruneFinishedSubscriberEmails(deps.db, at - SUBSCRIBER_MAIL_KEEP_MS, 500) === 500) {
      // small batches keep each write short
    }
  }

  return createOutboxWorker(
    deps,
    {
      table: 'status_page_emails',
      waiting: 'PENDING',
      listDue: listDueSubscriberEmails,
      find: findSubscriberEmail,
      update: updateSubscriberEmail,
      deliver: deliverRow,
      nextDueAt: nextSubscriberEmailDueAt,
      releaseInterrupted: releaseInterruptedSubscriberEmails,
      prune: { everyMs: PRUNE_EVERY_MS, run: prune },
    },
    {
      concurrency: options.concurrency ?? 4,
      maxIdleMs: options.maxIdleMs,
      log: {
        idKey: 'subscriberMailId',
        deliveryFailed: 'sending a status page subscriber mail failed',
        workerFailed: 'the status page subscriber mailer failed; trying again',
        resumed: 'resending subscriber mail interrupted by the last shutdown',
        resent: 'resending subscriber mail whose earlier attempt never finished (its server stopped mid-send): the subscriber may already have it',
      },
    },
  );
}

/** Creates and starts the backend's mailer, reachable through kickSubscriberMail(runtime). */
export function startSubscriberMailer(deps: ServiceDeps, options: SubscriberMailerOptions = {}): SubscriberMailer {
  const mailer = createSubscriberMailer(deps, options);
  mailers.set(deps.runtime, mailer);
  registerSubscriberMailer(deps.runtime, mailer);
  mailer.start().catch((error: unknown) => deps.logger.error({ err: error }, 'the subscriber mailer could not start'));
  return mailer;
}
