import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findAlertChannel, listAllAlertChannels } from '../../db/repositories/alert-channels';
import { upsertSubscription } from '../../db/repositories/alert-subscriptions';
import { removeGroupSubscriptionsExcept } from '../../db/repositories/check-groups';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';

/** Every named channel must exist in the account: 400 naming the first unknown one. */
export async function assertChannelsExist(tx: Db, accountId: string, subscriptions: AlertChannelSubscription[]): Promise<void> {
  for (const [i, s] of subscriptions.entries()) {
    if (!(await findAlertChannel(tx, accountId, s.alertChannelId))) {
      throw new AppError('validation', `alertChannelSubscriptions[${i}].alertChannelId: no alert channel with id ${s.alertChannelId}`);
    }
  }
}

async function upsertAll(tx: Db, accountId: string, groupId: number, subscriptions: AlertChannelSubscription[]): Promise<void> {
  for (const s of subscriptions) {
    await upsertSubscription(tx, { accountId, alertChannelId: s.alertChannelId, checkId: null, groupId, activated: s.activated });
  }
}

/**
 * A new group: with autoAssignAlerts every existing channel is subscribed (activated), and the named
 * subscriptions then set their own `activated`; without it, only the named channels are subscribed.
 */
export async function subscribeNewGroup(tx: Db, accountId: string, groupId: number, named: AlertChannelSubscription[], autoAssignAlerts: boolean): Promise<void> {
  await assertChannelsExist(tx, accountId, named);
  if (autoAssignAlerts) {
    await upsertAll(tx, accountId, groupId, (await listAllAlertChannels(tx, accountId)).map((c) => ({ alertChannelId: c.id, activated: true })));
  }
  await upsertAll(tx, accountId, groupId, named);
}

/** A PUT naming alertChannelSubscriptions makes them the group's whole set. */
export async function replaceGroupSubscriptions(tx: Db, accountId: string, groupId: number, named: AlertChannelSubscription[]): Promise<void> {
  await assertChannelsExist(tx, accountId, named);
  await removeGroupSubscriptionsExcept(tx, groupId, named.map((s) => s.alertChannelId));
  await upsertAll(tx, accountId, groupId, named);
}
