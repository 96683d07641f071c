import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { findAlertChannel, replaceAlertChannel } from '../../db/repositories/alert-channels';
import { deleteSubscriptionOfChannel, deleteSubscriptionsOfChannelExcept, upsertSubscription, type AlertSubscriptionRow } from '../../db/repositories/alert-subscriptions';
import { findCheckGroup } from '../../db/repositories/check-groups';
import { findCheck, lockChecksForShare } from '../../db/repositories/checks';
import { lockRowsForShare, lockRowsForUpdate } from '../../db/row-locks';
import type { AlertChannelSubscriptionCreate, AlertChannelSubscriptionRead } from '../../../src-shared/schemas/alert-channel';
import type { ServiceContext } from '../context';
import { toSubscriptionView } from './read-shape';
import { channelIdOf, channelOrNotFound, findOrNotFound } from './store';

function fieldName(prefix: string, member: string): string {
  return prefix ? `${prefix}.${member}` : member;
}

/**
 * The checks and groups the subscriptions name, kept (FOR SHARE, until commit) so a delete on another
 * server waits instead of failing this write on the foreign key. Taken before the channel's row: a
 * check or group write locks its own row, then the channels it subscribes to.
 */
export async function keepSubscriptionTargets(tx: Db, subscriptions: readonly AlertChannelSubscriptionCreate[]): Promise<void> {
  await lockChecksForShare(tx, subscriptions.flatMap((s) => (s.checkId ? [s.checkId] : [])));
  await lockRowsForShare(tx, 'check_groups', 'id', subscriptions.flatMap((s) => (!s.checkId && s.groupId !== undefined && s.groupId !== null ? [s.groupId] : [])));
}

/** The channel's row locked (FOR UPDATE, until commit) before it is read to be written back whole. */
export async function lockChannel(tx: Db, alertChannelId: number): Promise<void> {
  await lockRowsForUpdate(tx, 'alert_channels', 'id', [alertChannelId]);
}

/** Each subscription must name a check or group of the account, once: a 400 names the offending member. */
export async function assertSubscriptionTargets(tx: Db, accountId: string, subscriptions: AlertChannelSubscriptionCreate[], prefix: (index: number) => string): Promise<void> {
  const seen = new Set<string>();
  for (const [index, subscription] of subscriptions.entries()) {
    const { checkId, groupId } = subscription;
    if (checkId) {
      const field = fieldName(prefix(index), 'checkId');
      if (!(await findCheck(tx, accountId, checkId))) throw new AppError('validation', `${field}: no check with id ${checkId}`);
      if (seen.has(`check:${checkId}`)) throw new AppError('validation', `${field}: check ${checkId} is listed more than once`);
      seen.add(`check:${checkId}`);
    } else if (groupId !== undefined && groupId !== null) {
      const field = fieldName(prefix(index), 'groupId');
      if (!(await findCheckGroup(tx, accountId, groupId))) throw new AppError('validation', `${field}: no check group with id ${groupId}`);
      if (seen.has(`group:${groupId}`)) throw new AppError('validation', `${field}: check group ${groupId} is listed more than once`);
      seen.add(`group:${groupId}`);
    }
  }
}

async function upsertOne(tx: Db, accountId: string, alertChannelId: number, subscription: AlertChannelSubscriptionCreate): Promise<AlertSubscriptionRow> {
  return await upsertSubscription(tx, {
    accountId,
    alertChannelId,
    checkId: subscription.checkId ?? null,
    groupId: subscription.checkId ? null : (subscription.groupId ?? null),
    activated: subscription.activated,
  });
}

/** Makes the channel's subscriptions exactly the given set; kept ones keep their ids. */
export async function replaceSubscriptions(tx: Db, accountId: string, alertChannelId: number, subscriptions: AlertChannelSubscriptionCreate[]): Promise<void> {
  const kept: number[] = [];
  for (const subscription of subscriptions) kept.push((await upsertOne(tx, accountId, alertChannelId, subscription)).id);
  await deleteSubscriptionsOfChannelExcept(tx, alertChannelId, kept);
}

/** PUT /v1/alert-channels/{id}/subscriptions: adds the check or group, or sets `activated` on its existing subscription. */
export async function updateAlertChannelSubscription(ctx: ServiceContext, rawId: string | number, subscription: AlertChannelSubscriptionCreate): Promise<AlertChannelSubscriptionRead> {
  const id = channelIdOf(rawId);
  return await transaction(ctx.db, async (tx) => {
    await keepSubscriptionTargets(tx, [subscription]);
    // The channel is written back below (its updatedAt): read under its lock, so a PUT of it on another server is kept.
    await lockChannel(tx, id);
    const channel = findOrNotFound(await findAlertChannel(tx, ctx.accountId, id));
    await assertSubscriptionTargets(tx, ctx.accountId, [subscription], () => '');
    const row = await upsertOne(tx, ctx.accountId, id, subscription);
    await replaceAlertChannel(tx, { ...channel, updatedAt: ctx.clock.now().toISOString() });
    return toSubscriptionView(row);
  });
}

/** Removes one subscription of the channel, leaving the others as they are; a 404 names the channel or subscription missing. */
export async function removeAlertChannelSubscription(ctx: ServiceContext, alertChannelId: number, subscriptionId: number): Promise<{ id: number }> {
  return await transaction(ctx.db, async (tx) => {
    await lockChannel(tx, alertChannelId);
    const channel = await channelOrNotFound(tx, ctx.accountId, alertChannelId);
    if (!await deleteSubscriptionOfChannel(tx, ctx.accountId, channel.id, subscriptionId)) {
      throw new AppError('not_found', `Subscription ${subscriptionId} of alert channel ${channel.id} not found`);
    }
    await replaceAlertChannel(tx, { ...channel, updatedAt: ctx.clock.now().toISOString() });
    return { id: subscriptionId };
  });
}
