import { AppError } from '../../core/errors';
import { listAllAlertChannels, type AlertChannelRow } from '../../db/repositories/alert-channels';
import { upsertSubscription } from '../../db/repositories/alert-subscriptions';
import type { Db } from '../../db/connection';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';
import type { ServiceContext } from '../context';

/** Each named channel must exist in the account; the message names every bad entry. */
async function channelsOrThrow(tx: Db, accountId: string, requested: readonly AlertChannelSubscription[]): Promise<AlertChannelRow[]> {
  const channels = await listAllAlertChannels(tx, accountId);
  const known = new Set(channels.map((channel) => channel.id));
  const unknown = requested
    .map((subscription, index) => ({ id: subscription.alertChannelId, index }))
    .filter(({ id }) => !known.has(id))
    .map(({ id, index }) => `alertChannelSubscriptions[${index}].alertChannelId: no alert channel with id ${id}`);
  if (unknown.length > 0) throw new AppError('validation', unknown.join('; '));
  return channels;
}

async function save(tx: Db, ctx: ServiceContext, checkId: string, activations: ReadonlyMap<number, boolean>): Promise<void> {
  for (const [alertChannelId, activated] of activations) {
    await upsertSubscription(tx, { accountId: ctx.accountId, alertChannelId, checkId, groupId: null, activated });
  }
}

/**
 * A new check is subscribed to every channel with autoAssignAlerts, otherwise only to channels with
 * autoSubscribe; the subscriptions named in the body come last and decide their channel's `activated`.
 */
export async function subscribeNewCheck(tx: Db, ctx: ServiceContext, checkId: string, requested: readonly AlertChannelSubscription[], autoAssignAlerts: boolean): Promise<void> {
  const channels = await channelsOrThrow(tx, ctx.accountId, requested);
  const activations = new Map<number, boolean>();
  for (const channel of channels) {
    if (autoAssignAlerts || channel.autoSubscribe) activations.set(channel.id, true);
  }
  for (const subscription of requested) activations.set(subscription.alertChannelId, subscription.activated);
  await save(tx, ctx, checkId, activations);
}

/** A PUT naming subscriptions inserts or updates those; subscriptions it does not name stay. */
export async function updateCheckSubscriptions(tx: Db, ctx: ServiceContext, checkId: string, requested: readonly AlertChannelSubscription[]): Promise<void> {
  await channelsOrThrow(tx, ctx.accountId, requested);
  await save(tx, ctx, checkId, new Map(requested.map((subscription) => [subscription.alertChannelId, subscription.activated])));
}
