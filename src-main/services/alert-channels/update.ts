import { transaction } from '../../db/connection';
import { findAlertChannel, replaceAlertChannel } from '../../db/repositories/alert-channels';
import { subscriptionsOfChannel } from '../../db/repositories/alert-subscriptions';
import { AlertChannelCreate, AlertChannelUpdate, type AlertChannelRead } from '../../../src-shared/schemas/alert-channel';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { openChannelConfig, resolveChannelConfig, sealChannelConfig } from '../secrets/channel-config';
import { storedBodyOf, toAlertChannelView } from './read-shape';
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
    // Credentials left out or sent back masked keep the stored ones (same type, same URL origin).
    const storedPlain = existing.type === patch.type ? openChannelConfig(ctx.keyring, existing.type, storedBodyOf(existing).config) : null;
    merged.config = resolveChannelConfig(patch.type, patch.config, storedPlain);
    const { subscriptions: _none, ...parsed } = parseOrThrow(AlertChannelCreate, merged);
    const settings = { ...parsed, config: sealChannelConfig(ctx.keyring, parsed.type, parsed.config) } as typeof parsed;
    if (patch.subscriptions !== undefined) {
      assertSubscriptionTargets(tx, ctx.accountId, patch.subscriptions, (i) => `subscriptions[${i}]`);
      replaceSubscriptions(tx, ctx.accountId, id, patch.subscriptions);
    }
    const row = { ...existing, ...columnsOf(settings), updatedAt: ctx.clock.now().toISOString() };
    replaceAlertChannel(tx, row);
    return toAlertChannelView(row, subscriptionsOfChannel(tx, id));
  });
}
