import { findCheckAlert } from '../../db/repositories/alerts';
import { finishDigestItems, findNotification, nextDueAt, releaseInterruptedSends, updateNotification, type AlertNotificationRow } from '../../db/repositories/notifications';
import { listDueHeadsOfLine } from '../../db/repositories/notification-lines';
import { digestEvent, holdDigestForBudget } from '../notifications';
import { deliver } from '../../notify/deliver';
import { ALERT_TYPES, type AlertEvent, type AlertType, type ChannelDelivery, type DeliveryResult, type DeliverySettings } from '../../notify/types';
import { retryDelayMs } from '../../../src-shared/rules/notifications';
import type { ServiceDeps } from '../context';
import { createOutboxWorker, finishClaimedAttempt, type OutboxWorker } from './outbox-worker';
import { createScrubber } from '../../runner/scrub';
import { channelSecretValues, openChannelConfig } from '../secrets';
import { accountDelivery } from '../settings';

function scrubResult(result: DeliveryResult, scrub: (text: string) => string): DeliveryResult {
  return { ...result, notificationResult: scrub(result.notificationResult), error: result.error === undefined ? undefined : scrub(result.error) };
}

/** The provider credentials of Settings (SMTP password, Twilio token, Slack app token). */
function deliverySecretValues(settings: DeliverySettings): string[] {
  return [settings.smtp.password, settings.twilio.authToken, settings.slackAppToken].filter((value): value is string => typeof value === 'string' && value.length >= 4);
}

function isAlertType(value: string): value is AlertType {
  return (ALERT_TYPES as readonly string[]).includes(value);
}

export interface DispatcherOptions {
  /** Deliveries in flight at once. */
  concurrency?: number;
  fetch?: typeof fetch;
  /** Longest wait between looks at the outbox (the clock may be moved by hand in tests). */
  maxIdleMs?: number;
}

export type Dispatcher = OutboxWorker;

/**
 * Delivers the notification outbox. Each attempt first records a sending marker (attempts + 1,
 * sendingAt) in its own transaction, then calls the provider outside any transaction, then records
 * SUCCESS, a retry (IN_PROGRESS, due after the backoff) or FAILURE. A process killed mid-send
 * leaves the marker: the next start sends again with the same notification id as idempotency key
 * (at-least-once delivery; receivers that honour the key see it once).
 */
export function createDispatcher(deps: ServiceDeps, options: DispatcherOptions = {}): Dispatcher {
  const now = () => deps.clock.now().getTime();

  /** The event a notification sends, or why there is none (its alert was deleted, or its stored facts do not parse). */
  async function eventOf(row: AlertNotificationRow): Promise<AlertEvent | { missing: string; error: string }> {
    if (row.alertType === 'DIGEST') return { ...await digestEvent(deps.db, row, deps.clock.now()), notificationId: row.id };
    const alert = await findCheckAlert(deps.db, row.accountId, row.checkAlertId);
    if (!alert) return { missing: 'The alert of this notification no longer exists', error: 'missing alert' };
    const { event } = alert;
    if (!event || !isAlertType(event.alertType)) return { missing: 'The alert of this notification could not be read; see the server log', error: 'unreadable alert' };
    return { ...event, alertType: event.alertType, notificationId: row.id };
  }

  async function finish(row: AlertNotificationRow, result: DeliveryResult): Promise<void> {
    const at = now();
    const delay = result.ok || !result.retryable ? null : retryDelayMs(row.attempts);
    const status = result.ok ? 'SUCCESS' : delay === null ? 'FAILURE' : 'IN_PROGRESS';
    // Written only while this attempt's claim holds: a row whose lease passed and that another server
    // claimed again is that attempt's to finish (outbox-worker.ts logs it).
    const written = await finishClaimedAttempt(deps, 'alert_notifications', row, async (tx) => {
      await updateNotification(tx, row.id, {
        status,
        notificationResult: result.notificationResult,
        sentAt: at,
        sendingAt: null,
        nextAttemptAt: delay === null ? null : at + delay,
        // A final notification is never sent again: its credentials need not be kept, even sealed.
        ...(status === 'IN_PROGRESS' ? {} : { sealedConfig: null }),
      });
      // The notifications a digest carried end as it ends, and say which digest carried them.
      if (row.alertType === 'DIGEST' && status !== 'IN_PROGRESS') {
        const how = status === 'SUCCESS' ? 'Sent' : 'Not delivered';
        await finishDigestItems(tx, row.id, { status, notificationResult: `${how} in digest ${row.id}: ${result.notificationResult}`, sentAt: at });
      }
    });
    if (!written) return;
    const log = { notificationId: row.id, channelId: row.alertChannelId, attempt: row.attempts, status: result.status, result: result.error };
    if (status === 'FAILURE') deps.logger.warn(log, 'alert notification failed');
    else if (status === 'IN_PROGRESS') deps.logger.info(log, 'alert notification will be retried');
  }

  /**
   * A digest claimed before its channel's budget has room (the clock moved, settings changed) goes
   * back to waiting, still open, due when the budget has room.
   */
  async function digestMustWait(row: AlertNotificationRow): Promise<boolean> {
    if (row.alertType !== 'DIGEST' || row.attempts > 1) return false;
    const { rateLimit } = await accountDelivery(deps.db, deps.keyring, row.accountId);
    // Counted under the channel's lock, as enqueues count; 'lost': another attempt owns the digest now.
    return (await holdDigestForBudget(deps.db, row, rateLimit, now())) !== 'send';
  }

  async function deliverRow(row: AlertNotificationRow): Promise<void> {
    if (await digestMustWait(row)) return;
    const event = await eventOf(row);
    let result: DeliveryResult;
    if ('missing' in event) {
      result = { ok: false, retryable: false, notificationResult: event.missing, error: event.error };
    } else {
      const { settings } = await accountDelivery(deps.db, deps.keyring, row.accountId, deps.runtime.baseUrl);
      // Rows recorded before credentials were sealed carry them in alertConfig (until the boot pass moves them).
      const config = openChannelConfig(deps.keyring, row.type, row.sealedConfig ?? row.alertConfig);
      const channel = { type: row.type, config } as unknown as ChannelDelivery;
      // What a delivery reports (an echoed header, an invalid-URL message) is stored and logged: never with a credential in it.
      const scrub = createScrubber([...channelSecretValues(row.type, config), ...deliverySecretValues(settings)]);
      try {
        result = scrubResult(await deliver(channel, event, settings, { fetch: options.fetch, now: () => deps.clock.now() }), scrub.text);
      } catch (error) {
        // Providers report remote failures as results; a throw is our bug, recorded rather than retried forever.
        const message = scrub.text(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        deps.logger.error({ notificationId: row.id, error: message }, 'a notification provider threw');
        result = { ok: false, retryable: false, notificationResult: 'Internal error while sending; see the server log', error: message };
      }
    }
    await finish(row, result);
  }

  const dispatcher = createOutboxWorker(
    deps,
    {
      table: 'alert_notifications',
      waiting: 'IN_PROGRESS',
      // One check's notifications to one channel in the order they were decided: deliveries run
      // side by side, and a receiver sees a later alert first when two of one line are in flight.
      listDue: listDueHeadsOfLine,
      find: findNotification,
      update: updateNotification,
      deliver: deliverRow,
      nextDueAt,
      releaseInterrupted: releaseInterruptedSends,
    },
    {
      concurrency: options.concurrency ?? 8,
      maxIdleMs: options.maxIdleMs,
      log: {
        idKey: 'notificationId',
        deliveryFailed: 'delivering a notification failed',
        workerFailed: 'the notification dispatcher failed; trying again',
        resumed: 'resending notifications interrupted by the last shutdown',
        resent: 'resending a notification whose earlier attempt never finished (its server stopped mid-send): the receiver may already have it; the idempotency key is the same',
      },
    },
  );
  deps.runtime.dispatch = dispatcher;
  return dispatcher;
}
