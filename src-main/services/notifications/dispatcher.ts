import { findCheckAlert } from '../../db/repositories/alerts';
import { findNotification, listDueNotifications, nextDueAt, releaseInterruptedSends, updateNotification, type AlertNotificationRow } from '../../db/repositories/notifications';
import { transaction } from '../../db/connection';
import { deliver } from '../../notify/deliver';
import type { AlertEvent, ChannelDelivery, DeliveryResult, DeliverySettings } from '../../notify/types';
import { retryDelayMs } from '../../../src-shared/rules/notifications';
import type { ServiceDeps } from '../context';
import { createScrubber } from '../../runner/scrub';
import { channelSecretValues, openChannelConfig } from '../secrets/channel-config';
import { accountDelivery } from '../settings';

function scrubResult(result: DeliveryResult, scrub: (text: string) => string): DeliveryResult {
  return { ...result, notificationResult: scrub(result.notificationResult), error: result.error === undefined ? undefined : scrub(result.error) };
}

/** The provider credentials of Settings (SMTP password, Twilio token, Slack app token). */
function deliverySecretValues(settings: DeliverySettings): string[] {
  return [settings.smtp.password, settings.twilio.authToken, settings.slackAppToken].filter((value): value is string => typeof value === 'string' && value.length >= 4);
}

export interface DispatcherOptions {
  /** Deliveries in flight at once. */
  concurrency?: number;
  fetch?: typeof fetch;
  /** Longest wait between looks at the outbox (the clock may be moved by hand in tests). */
  maxIdleMs?: number;
}

export interface Dispatcher {
  /** Resumes what a previous process left (sends caught mid-flight are due at once) and starts delivering. */
  start(): void;
  /** Look at the outbox soon (after new rows were committed). */
  kick(): void;
  /** Delivers everything due now, including retries that fall due meanwhile, and resolves when none is left or in flight. */
  drain(): Promise<void>;
  /** Stops looking; waits for deliveries in flight. */
  stop(): Promise<void>;
}

/**
 * Delivers the notification outbox. Each attempt first records a sending marker (attempts + 1,
 * sendingAt) in its own transaction, then calls the provider outside any transaction, then records
 * SUCCESS, a retry (IN_PROGRESS, due after the backoff) or FAILURE. A process killed mid-send
 * leaves the marker: the next start sends again with the same notification id as idempotency key
 * (at-least-once delivery; receivers that honour the key see it once).
 */
export function createDispatcher(deps: ServiceDeps, options: DispatcherOptions = {}): Dispatcher {
  const concurrency = options.concurrency ?? 8;
  const maxIdleMs = options.maxIdleMs ?? 30_000;
  const inFlight = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const now = () => deps.clock.now().getTime();

  function claim(id: string): AlertNotificationRow | null {
    return transaction(deps.db, (tx) => {
      const row = findNotification(tx, id);
      if (!row || row.status !== 'IN_PROGRESS' || row.nextAttemptAt === null || row.nextAttemptAt > now()) return null;
      const { settings } = accountDelivery(tx, deps.keyring, row.accountId);
      const at = now();
      // The lease keeps the row from being picked again while this attempt runs.
      const claimed = { ...row, attempts: row.attempts + 1, sendingAt: at, nextAttemptAt: at + settings.timeoutMs + 60_000 };
      updateNotification(tx, id, { attempts: claimed.attempts, sendingAt: claimed.sendingAt, nextAttemptAt: claimed.nextAttemptAt });
      return claimed;
    });
  }

  function eventOf(row: AlertNotificationRow): AlertEvent | null {
    const alert = findCheckAlert(deps.db, row.accountId, row.checkAlertId);
    if (!alert) return null;
    return { ...(alert.event as unknown as Omit<AlertEvent, 'notificationId'>), notificationId: row.id };
  }

  function finish(row: AlertNotificationRow, result: DeliveryResult): void {
    const at = now();
    const delay = result.ok || !result.retryable ? null : retryDelayMs(row.attempts);
    const status = result.ok ? 'SUCCESS' : delay === null ? 'FAILURE' : 'IN_PROGRESS';
    updateNotification(deps.db, row.id, {
      status,
      notificationResult: result.notificationResult,
      sentAt: at,
      sendingAt: null,
      nextAttemptAt: delay === null ? null : at + delay,
      // A final notification is never sent again: its credentials need not be kept, even sealed.
      ...(status === 'IN_PROGRESS' ? {} : { sealedConfig: null }),
    });
    const log = { notificationId: row.id, channelId: row.alertChannelId, attempt: row.attempts, status: result.status, result: result.error };
    if (status === 'FAILURE') deps.logger.warn(log, 'alert notification failed');
    else if (status === 'IN_PROGRESS') deps.logger.info(log, 'alert notification will be retried');
  }

  async function attempt(id: string): Promise<void> {
    const row = claim(id);
    if (!row) return;
    const event = eventOf(row);
    let result: DeliveryResult;
    if (!event) {
      result = { ok: false, retryable: false, notificationResult: 'The alert of this notification no longer exists', error: 'missing alert' };
    } else {
      const { settings } = accountDelivery(deps.db, deps.keyring, row.accountId, deps.runtime.baseUrl);
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
        deps.logger.error({ notificationId: id, error: message }, 'a notification provider threw');
        result = { ok: false, retryable: false, notificationResult: 'Internal error while sending; see the server log', error: message };
      }
    }
    finish(row, result);
  }

  function launchDue(): number {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    const due = listDueNotifications(deps.db, now(), free + inFlight.size).filter((row) => !inFlight.has(row.id));
    for (const row of due.slice(0, free)) {
      const task = attempt(row.id)
        .catch((error: unknown) => deps.logger.error({ err: error, notificationId: row.id }, 'delivering a notification failed'))
        .finally(() => {
          inFlight.delete(row.id);
          if (running) schedule(0);
        });
      inFlight.set(row.id, task);
    }
    return due.length;
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
      launchDue();
      const next = nextDueAt(deps.db);
      schedule(next === null ? maxIdleMs : next - now());
    } catch (error) {
      deps.logger.error({ err: error }, 'the notification dispatcher failed; trying again');
      schedule(maxIdleMs);
    }
  }

  const dispatcher: Dispatcher = {
    start() {
      if (running) return;
      running = true;
      const resumed = releaseInterruptedSends(deps.db, now());
      if (resumed > 0) deps.logger.info({ resumed }, 'resending notifications interrupted by the last shutdown');
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
  deps.runtime.dispatch = dispatcher;
  return dispatcher;
}
