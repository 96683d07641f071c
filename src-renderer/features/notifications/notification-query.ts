import { fromZoneInput, toZoneInput } from '../../lib/date-time';
import { useSearchParams } from 'react-router';
import { NOTIFICATION_WINDOW_SECONDS } from '../../../src-shared/rules/notifications';

/** The log's filters live in the URL, so a channel page can link to its notifications and a reload keeps the view. */
export interface NotificationFilters {
  /** End of the 24-hour window, UNIX seconds; null means "now". */
  to: number | null;
  alertChannelId: number | null;
  failuresOnly: boolean;
  page: number;
  /** The notification open in the detail drawer. */
  openId: string | null;
}

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export function useNotificationFilters(): [NotificationFilters, (patch: Partial<NotificationFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: NotificationFilters = {
    to: positiveInt(params.get('to')),
    alertChannelId: positiveInt(params.get('channel')),
    failuresOnly: params.get('failures') === '1',
    page: positiveInt(params.get('page')) ?? 1,
    openId: params.get('id'),
  };
  const update = (patch: Partial<NotificationFilters>) => {
    const next = { ...filters, ...patch };
    const out = new URLSearchParams();
    if (next.to !== null) out.set('to', String(next.to));
    if (next.alertChannelId !== null) out.set('channel', String(next.alertChannelId));
    if (next.failuresOnly) out.set('failures', '1');
    if (next.page > 1) out.set('page', String(next.page));
    if (next.openId) out.set('id', next.openId);
    setParams(out);
  };
  return [filters, update];
}

/** The link a channel page shows: that channel's notifications of the last 24 hours. */
export function notificationsLinkForChannel(alertChannelId: number): string {
  return `/notifications?channel=${alertChannelId}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const previousDayEnd = (to: number | null) => (to ?? nowSeconds()) - NOTIFICATION_WINDOW_SECONDS;

/** `<input type="datetime-local">` speaks wall-clock time without a zone: the console's chosen one. */
export function toLocalInput(seconds: number): string {
  return toZoneInput(seconds * 1000);
}

export function fromLocalInput(value: string): number | null {
  const ms = fromZoneInput(value);
  return ms === null ? null : Math.floor(ms / 1000);
}
