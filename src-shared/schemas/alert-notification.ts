import { z } from 'zod';
import { CHECK_TYPES } from '../enums';
import { ALERT_CHANNEL_TYPES } from './alert-channel';

export const NOTIFICATION_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILURE', 'RATE_LIMITED'] as const;
export const NotificationStatus = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof NotificationStatus>;

/** One notification as `GET /v1/alert-notifications` lists it (the public API's AlertNotification). */
export const AlertNotification = z.object({
  id: z.string().describe('The unique ID of this alert notification; also the Idempotency-Key of its deliveries'),
  type: z.enum(ALERT_CHANNEL_TYPES).describe('The alert channel type'),
  status: NotificationStatus,
  alertConfig: z.record(z.string(), z.unknown()).describe('The channel configuration used to send it'),
  notificationResult: z.string().nullable().describe('What the receiver answered (e.g. the webhook response body), trimmed'),
  timestamp: z.string().nullable().describe('When it was last sent (ISO 8601); null when never sent'),
  // Left out, never null, on a test notification (it concerns no check): the public schema has them as optional strings.
  checkType: z.enum(CHECK_TYPES).optional(),
  checkId: z.string().optional(),
  checkAlertId: z.string(),
  alertChannelId: z.number(),
  checkResultId: z.string().optional(),
});
export type AlertNotification = z.infer<typeof AlertNotification>;

/** Sightline's console also shows the alert code and the attempts made. */
export const AlertNotificationDetail = AlertNotification.extend({
  alertType: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  /** The DIGEST notification that carries (or carried) this one, which came over its channel's budget; null when sent on its own. */
  digestId: z.string().nullable(),
});
export type AlertNotificationDetail = z.infer<typeof AlertNotificationDetail>;

/** The console's list and detail also name the channel and the check (the REST shapes do not change). */
export const NamedAlertNotification = AlertNotificationDetail.extend({
  /** The channel's own name (its config's `name`) as it is now; null when it has none or was deleted. */
  channelName: z.string().nullable(),
  /** Whether the channel still exists (a deleted channel's notifications stay in the log). */
  channelExists: z.boolean(),
  /** The check's name as it is now; null for a test notification or a deleted check. */
  checkName: z.string().nullable(),
});
export type NamedAlertNotification = z.infer<typeof NamedAlertNotification>;

const UnixSeconds = (name: string) =>
  z.coerce
    .number({ error: `${name}: must be a UNIX timestamp in seconds` })
    .int({ error: `${name}: must be a whole number of seconds` })
    .min(0, { error: `${name}: must not be negative` });

const QueryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const AlertNotificationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10).describe('Number of results, 1..100'),
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  from: UnixSeconds('from').optional().describe('UNIX seconds; records at or after it'),
  to: UnixSeconds('to').optional().describe('UNIX seconds; records before it'),
  alertChannelId: z.coerce.number().int().positive().optional().describe('Only this alert channel'),
  hasFailures: QueryBoolean.optional().describe('Only unsuccessful notifications (FAILURE and RATE_LIMITED)'),
});
export type AlertNotificationQuery = z.infer<typeof AlertNotificationQuery>;
