import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { AlertChannelRow } from '../../db/repositories/alert-channels';
import { countChannelNotificationsSince, insertNotification, type AlertNotificationRow } from '../../db/repositories/notifications';
import type { AlertType } from '../../notify/types';
import type { NotificationStatus } from '../../../src-shared/schemas/alert-notification';
import type { Keyring } from '../../core/keyring';
import { redactChannelConfig } from '../../../src-shared/rules/secrets';
import { storedBodyOf } from '../alert-channels';
import { sealedChannelConfig } from '../secrets';

export interface OutboxEntry {
  accountId: string;
  checkAlertId: string;
  alertType: AlertType;
  checkId: string | null;
  checkType: string | null;
  checkResultId: string | null;
}

export interface ChannelRateLimit {
  max: number;
  windowMinutes: number;
}

/**
 * Writes one notification for one channel inside the caller's transaction (the outbox): IN_PROGRESS
 * and due now, or RATE_LIMITED (never sent) when the channel already has `max` notifications in
 * the window. The dispatcher delivers IN_PROGRESS rows after the commit. The row keeps the channel
 * config twice: as clients see it (`alertConfig`, no credentials) and sealed, for delivery only.
 */
export function enqueueNotification(tx: Db, keyring: Keyring, channel: AlertChannelRow, entry: OutboxEntry, rateLimit: ChannelRateLimit, now: number): AlertNotificationRow {
  const recent = countChannelNotificationsSince(tx, channel.id, now - rateLimit.windowMinutes * 60_000);
  const limited = recent >= rateLimit.max;
  const status: NotificationStatus = limited ? 'RATE_LIMITED' : 'IN_PROGRESS';
  const config = storedBodyOf(channel).config;
  const row: AlertNotificationRow = {
    id: randomUUID(),
    accountId: entry.accountId,
    checkAlertId: entry.checkAlertId,
    alertChannelId: channel.id,
    type: channel.type,
    alertType: entry.alertType,
    status,
    alertConfig: redactChannelConfig(channel.type, config),
    sealedConfig: limited ? null : sealedChannelConfig(keyring, channel.type, config),
    notificationResult: limited ? `Not sent: the channel's rate limit of ${rateLimit.max} notifications per ${rateLimit.windowMinutes} minutes was reached` : null,
    checkId: entry.checkId,
    checkType: entry.checkType,
    checkResultId: entry.checkResultId,
    attempts: 0,
    nextAttemptAt: limited ? null : now,
    sendingAt: null,
    sentAt: null,
    createdAt: now,
  };
  insertNotification(tx, row);
  return row;
}
