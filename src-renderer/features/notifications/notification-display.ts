import type { NotificationStatus } from '../../../src-shared/schemas/alert-notification';
import type { RouterOutputs } from '../../lib/trpc';

export type NotificationItem = RouterOutputs['alerts']['listNotifications']['items'][number];

export const STATUS_COLORS: Record<NotificationStatus, string> = {
  IN_PROGRESS: 'blue',
  SUCCESS: 'teal',
  FAILURE: 'red',
  RATE_LIMITED: 'orange',
};

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** When it was last sent, or when it was recorded if it never went out (rate limited, still queued). */
export function notificationTime(item: NotificationItem): string {
  return item.timestamp ?? item.createdAt;
}

export function resultSnippet(result: string | null, length = 80): string {
  if (!result) return '—';
  const line = result.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length)}…` : line;
}
