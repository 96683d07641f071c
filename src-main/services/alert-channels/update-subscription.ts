import { transaction } from '../../db/connection';
import { findAlertChannel, replaceAlertChannel } from '../../db/repositories/alert-channels';
import { AlertChannelSubscriptionCreate, type AlertChannelSubscriptionRead } from '../../../src-shared/schemas/alert-channel';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toSubscriptionView } from './read-shape';
import { channelIdOf, findOrNotFound } from './store';
import { assertSubscriptionTargets, upsertOne } from './subscriptions';

/** PUT /v1/alert-channels/{id}/subscriptions: adds the check or group, or sets `activated` on its existing subscription. */
export function updateAlertChannelSubscription(ctx: ServiceContext, rawId: string | number, input: unknown): AlertChannelSubscriptionRead {
  const id = channelIdOf(rawId);
  const subscription = parseOrThrow(AlertChannelSubscriptionCreate, input);
  return transaction(ctx.db, (tx) => {
    const channel = findOrNotFound(findAlertChannel(tx, ctx.accountId, id));
    assertSubscriptionTargets(tx, ctx.accountId, [subscription], () => '');
    const row = upsertOne(tx, ctx.accountId, id, subscription);
    replaceAlertChannel(tx, { ...channel, updatedAt: ctx.clock.now().toISOString() });
    return toSubscriptionView(row);
  });
}
