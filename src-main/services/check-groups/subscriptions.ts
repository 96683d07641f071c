import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findAlertChannel, listAllAlertChannels } from '../../db/repositories/alert-channels';
import { upsertSubscription } from '../../db/repositories/alert-subscriptions';
import { removeGroupSubscriptionsExcept } from '../../db/repositories/check-groups';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';

/** Every named channel must exist in the account: 400 naming the first unknown one. */
export function assertChannelsExist(tx: Db, accountId: string, subscriptions: AlertChannelSubscription[]): void {
  subscriptions.forEach((s, i) => {
    if (!findAlertChannel(tx, accountId, s.alertChannelId)) {
      throw new AppError('validation', `alertChannelSubscriptions[${i}].alertChannelId: no alert channel with id ${s.alertChannelId}`);
    }
  });
}

function upsertAll(tx: Db, accountId: string, groupId: number, subscriptions: AlertChannelSubscription[]): void {
  for (const s of subscriptions) {
    upsertSubscription(tx, { accountId, alertChannelId: s.alertChannelId, checkId: null, groupId, activated: s.activated });
  }
}

/**
 * A new group: with autoAssignAlerts every existing channel is subscribed (activated), and the named
 * subscriptions then set their own `activated`; without it, only the named channels are subscribed.
 */
export function subscribeNewGroup(tx: Db, accountId: string, groupId: number, named: AlertChannelSubscription[], autoAssignAlerts: boolean): void {
  assertChannelsExist(tx, accountId, named);
  if (autoAssignAlerts) {
    upsertAll(tx, accountId, groupId, listAllAlertChannels(tx, accountId).map((c) => ({ alertChannelId: c.id, activated: true })));
  }
  upsertAll(tx, accountId, groupId, named);
}

/** A PUT naming alertChannelSubscriptions makes them the group's whole set. */
export function replaceGroupSubscriptions(tx: Db, accountId: string, groupId: number, named: AlertChannelSubscription[]): void {
  assertChannelsExist(tx, accountId, named);
  removeGroupSubscriptionsExcept(tx, groupId, named.map((s) => s.alertChannelId));
  upsertAll(tx, accountId, groupId, named);
}
