import type { AlertChannelType } from '../../../src-shared/schemas/alert-channel';
import type { NotificationStatus } from '../../../src-shared/schemas/alert-notification';
import { CHANNEL_TYPE_LABELS, channelTarget } from '../alert-channels/channel-display';
import type { RouterOutputs } from '../../lib/trpc';
import { formatAt } from '../../lib/date-time';

export type NotificationItem = RouterOutputs['alerts']['listNotifications']['items'][number];

export const STATUS_COLORS: Record<NotificationStatus, string> = {
  IN_PROGRESS: 'blue',
  SUCCESS: 'teal',
  FAILURE: 'red',
  RATE_LIMITED: 'orange',
};

export function formatTime(iso: string): string {
  return formatAt(iso);
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

interface NamedParts {
  type: AlertChannelType;
  alertChannelId: number;
  alertConfig: Record<string, unknown>;
  channelName: string | null;
  channelExists: boolean;
}

/** "Webhook: Ops hook" — the channel's name now, else where it delivered (from the configuration used). */
export function notificationChannelLabel(item: NamedParts): string {
  const name = item.channelName ?? channelTarget({ type: item.type, config: item.alertConfig });
  return `${CHANNEL_TYPE_LABELS[item.type]}: ${name}${item.channelExists ? '' : ' (deleted)'}`;
}

/** The check's name now; a deleted check by its id, a test notification as such. */
export function notificationCheckLabel(item: { checkId?: string; checkName: string | null; alertType: string }): string {
  if (!item.checkId) return item.alertType === 'TEST' ? 'Test notification' : item.alertType === 'DIGEST' ? 'Digest of monitors over the channel budget' : '—';
  return item.checkName ?? `Deleted check (${item.checkId.slice(0, 8)}…)`;
}
