import { Notification } from 'electron';
import type { Backend } from '../boot';
import { testProbe } from './test-probe';
import { NotificationBurst, type DesktopNotice } from './notification-burst';

/**
 * Registers the app's native notifications as the backend's desktop delivery: alerts are gathered
 * into bursts, each notice shown by the OS; a click opens the console on the notice's route.
 */
export function startDesktopNotifier(backend: Backend, openRoute: (route: string) => void): () => void {
  if (!Notification.isSupported()) {
    backend.deps.logger.warn('this desktop has no notification service: desktop notifications are not shown');
    return () => undefined;
  }
  const shown = new Set<Notification>();
  const show = (notice: DesktopNotice) => {
    const notification = new Notification({ title: notice.title, body: notice.body });
    // Kept referenced until closed or clicked, or the click handler may be collected first.
    shown.add(notification);
    const click = () => {
      shown.delete(notification);
      openRoute(notice.route);
    };
    notification.on('click', click);
    notification.on('close', () => shown.delete(notification));
    notification.show();
    const probe = testProbe();
    probe?.notices.push(notice);
    probe?.noticeClicks.push(click);
  };
  const burst = new NotificationBurst(show);
  const unregister = backend.desktop.register((alert) => burst.add(alert));
  return () => {
    unregister();
    burst.flush();
  };
}
