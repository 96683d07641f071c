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

/**
 * The "Desktop" delivery of the local app: every alert the pipeline raises for a monitor that is not
 * muted (after its commit) goes to the registered notifier when the account opted in for that
 * monitor. With no shell registered (`sightline serve`) it listens to nothing and sends nothing.
 */
export function startDesktopDelivery(deps: ServiceDeps, events: EventBus): DesktopDelivery {
  let notifier: DesktopNotifier | null = null;
  let unsubscribe: (() => void) | null = null;
  const onAlert = (alert: AlertRaisedEvent) => {
    // Emitted from inside alerting: a failure here must never reach it.
    try {
      if (!notifier || !wantsDesktopNotice(getDesktopNotificationSettings({ ...deps, accountId: alert.accountId }), alert.checkId)) return;
      notifier(alert);
    } catch (error) {
      deps.logger.warn({ err: error, checkId: alert.checkId }, 'a desktop notification could not be shown');
    }
  };
  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
    notifier = null;
  };
  return {
    register(next) {
      notifier = next;
      unsubscribe ??= events.on('alertRaised', onAlert);
      return stop;
    },
    stop,
  };
}
