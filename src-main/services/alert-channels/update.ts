import { transaction } from '../../db/connection';
import { findAlertChannel, replaceAlertChannel } from '../../db/repositories/alert-channels';
import { subscriptionsOfChannel } from '../../db/repositories/alert-subscriptions';
import { AlertChannelCreate, AlertChannelUpdate, type AlertChannelRead } from '../../../src-shared/schemas/alert-channel';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toAlertChannelView } from './read-shape';
import { channelIdOf, columnsOf, findOrNotFound, storedSettings } from './store';
import { assertSubscriptionTargets, replaceSubscriptions } from './subscriptions';

/**
 * PUT: type and config are required and replace the stored ones whole (so a type change never keeps
 * the old type's config); other members left out keep their value; `subscriptions`, when given,
 * becomes the channel's whole set. The merged channel is validated again; a rejected PUT changes nothing.
 */
export function updateAlertChannel(ctx: ServiceContext, rawId: string | number, input: unknown): AlertChannelRead {
  const id = channelIdOf(rawId);
  const patch = parseOrThrow(AlertChannelUpdate, input);
  return transaction(ctx.db, (tx) => {
    const existing = findOrNotFound(findAlertChannel(tx, ctx.accountId, id));
    const merged: Record<string, unknown> = storedSettings(existing);
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined && key !== 'subscriptions') merged[key] = value;
    }
    const { subscriptions: _none, ...settings } = parseOrThrow(AlertChannelCreate, merged);
    if (patch.subscriptions !== undefined) {
      assertSubscriptionTargets(tx, ctx.accountId, patch.subscriptions, (i) => `subscriptions[${i}]`);
      replaceSubscriptions(tx, ctx.accountId, id, patch.subscriptions);
    }
    const row = { ...existing, ...columnsOf(settings), updatedAt: ctx.clock.now().toISOString() };
    replaceAlertChannel(tx, row);
    return toAlertChannelView(row, subscriptionsOfChannel(tx, id));
  });
}
