import { transaction } from '../../db/connection';
import { insertAlertChannel } from '../../db/repositories/alert-channels';
import { subscriptionsOfChannel } from '../../db/repositories/alert-subscriptions';
import { AlertChannelCreate, type AlertChannelRead } from '../../../src-shared/schemas/alert-channel';
import type { ServiceContext } from '../context';
import { resolveChannelConfig, sealChannelConfig } from '../secrets/channel-config';
import { parseOrThrow } from '../validation';
import { toAlertChannelView } from './read-shape';
import { columnsOf } from './store';
import { assertSubscriptionTargets, replaceSubscriptions } from './subscriptions';

/** Channels have no plan limit, so unlike check creates this never answers 402. */
export function createAlertChannel(ctx: ServiceContext, input: unknown): AlertChannelRead {
  const { subscriptions, ...parsed } = parseOrThrow(AlertChannelCreate, input);
  // A mask has no stored value to stand for here: 400.
  resolveChannelConfig(parsed.type, parsed.config, null);
  const settings = { ...parsed, config: sealChannelConfig(ctx.keyring, parsed.type, parsed.config) } as typeof parsed;
  return transaction(ctx.db, (tx) => {
    assertSubscriptionTargets(tx, ctx.accountId, subscriptions, (i) => `subscriptions[${i}]`);
    const row = insertAlertChannel(tx, {
      accountId: ctx.accountId,
      ...columnsOf(settings),
      createdAt: ctx.clock.now().toISOString(),
      updatedAt: null,
    });
    replaceSubscriptions(tx, ctx.accountId, row.id, subscriptions);
    return toAlertChannelView(row, subscriptionsOfChannel(tx, row.id));
  });
}
