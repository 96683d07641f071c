import type { AlertRaisedEvent, EventBus } from '../../core/events';
import type { ServiceDeps } from '../context';
import { getDesktopNotificationSettings, wantsDesktopNotice } from '../desktop';

/** Registered by the Electron shell: shows one alert as a native notification (grouping is the shell's). */
export type DesktopNotifier = (alert: AlertRaisedEvent) => void;

export interface DesktopDelivery {
  /** The shell registers its notifier once its window machinery is up; returns the unregister. */
  register(notifier: DesktopNotifier): () => void;
  stop(): void;
}

export interface DesktopDeliveryOptions {
  /**
   * The desktop app boots the backend before its shell can show anything: alerts raised meanwhile
   * (the catch-up judging of sessions a previous process left unjudged runs at boot) are held and
   * handed to the notifier the shell registers first. Off for `sightline serve`, which has no shell.
   */
  holdUntilRegistered?: boolean;
}

/** At most this many alerts wait for the shell; the shell groups a burst into one notice anyway. */
export const MAX_HELD_DESKTOP_ALERTS = 50;

/**
 * The "Desktop" delivery of the local app: every alert the pipeline raises for a monitor that is not
 * muted (after its commit) goes to the registered notifier when the account opted in for that
 * monitor. With no shell registered (`sightline serve`) it listens to nothing and sends nothing.
 */
export function startDesktopDelivery(deps: ServiceDeps, events: EventBus, options: DesktopDeliveryOptions = {}): DesktopDelivery {
  let notifier: DesktopNotifier | null = null;
  let unsubscribe: (() => void) | null = null;
  // Alerts raised before the first register, when holding; null once a shell has registered (or never holding).
  let held: AlertRaisedEvent[] | null = options.holdUntilRegistered ? [] : null;
  const deliver = async (alert: AlertRaisedEvent) => {
    // Emitted from inside alerting: a failure here must never reach it.
    try {
      if (!wantsDesktopNotice(await getDesktopNotificationSettings({ ...deps, accountId: alert.accountId }), alert.checkId)) return;
      if (notifier) notifier(alert);
      else if (held) {
        held.push(alert);
        if (held.length > MAX_HELD_DESKTOP_ALERTS) held.shift();
      }
    } catch (error) {
      deps.logger.warn({ err: error, checkId: alert.checkId }, 'a desktop notification could not be shown');
    }
  };
  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
    notifier = null;
    held = null;
  };
  if (held) unsubscribe = events.on('alertRaised', deliver);
  return {
    register(next) {
      notifier = next;
      unsubscribe ??= events.on('alertRaised', deliver);
      const waiting = held ?? [];
      held = null;
      for (const alert of waiting) {
        try {
          next(alert);
        } catch (error) {
          deps.logger.warn({ err: error, checkId: alert.checkId }, 'a desktop notification could not be shown');
        }
      }
      return stop;
    },
    stop,
  };
}
