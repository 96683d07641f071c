import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { findAlertChannel } from '../../db/repositories/alert-channels';
import { insertCheckAlert } from '../../db/repositories/alerts';
import type { AlertEvent } from '../../notify/types';
import type { AlertNotificationDetail } from '../../../src-shared/schemas/alert-notification';
import { channelIdOf, findOrNotFound } from '../alert-channels';
import type { ServiceContext } from '../context';
import { accountDelivery } from '../settings';
import { enqueueNotification } from './outbox';
import { toNotificationDetail } from './read-shape';

/**
 * "Send test notification": an alert of type TEST for the channel, through the same outbox,
 * rate limit and dispatcher as real alerts. Answers the notification as recorded (usually
 * IN_PROGRESS: delivery happens after the answer; the log shows the outcome).
 */
export async function sendTestNotification(ctx: ServiceContext, rawChannelId: string | number): Promise<AlertNotificationDetail> {
  const channelId = channelIdOf(rawChannelId);
  const now = ctx.clock.now();
  const row = await transaction(ctx.db, async (tx) => {
    const channel = findOrNotFound(await findAlertChannel(tx, ctx.accountId, channelId));
    const checkAlertId = randomUUID();
    const event: Omit<AlertEvent, 'notificationId'> = {
      alertType: 'TEST',
      checkId: '',
      checkName: 'Sightline test notification',
      // A test is about no check; the type only fills the message's "Check type" line.
      checkType: 'ICMP',
      checkResultId: null,
      resultLink: null,
      runLocation: null,
      responseTime: null,
      startedAt: null,
      errorMessage: null,
      tags: [],
      groupName: null,
      accountId: ctx.accountId,
      occurredAt: now.toISOString(),
    };
    await insertCheckAlert(tx, { id: checkAlertId, accountId: ctx.accountId, checkId: null, alertType: 'TEST', checkSessionId: null, checkResultId: null, muted: false, event: { ...event }, createdAt: now.getTime() });
    const entry = { accountId: ctx.accountId, checkAlertId, alertType: 'TEST' as const, checkId: null, checkType: null, checkResultId: null };
    return await enqueueNotification(tx, ctx.keyring, channel, entry, (await accountDelivery(tx, ctx.keyring, ctx.accountId)).rateLimit, now.getTime());
  });
  ctx.runtime.dispatch?.kick();
  return toNotificationDetail(row);
}
