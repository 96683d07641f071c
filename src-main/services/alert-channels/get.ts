import { findAlertChannel } from '../../db/repositories/alert-channels';
import { subscriptionsOfChannel } from '../../db/repositories/alert-subscriptions';
import type { AlertChannelRead } from '../../../src-shared/schemas/alert-channel';
import type { ServiceContext } from '../context';
import { toAlertChannelView } from './read-shape';
import { channelIdOf, findOrNotFound } from './store';

export function getAlertChannel(ctx: ServiceContext, rawId: string | number): AlertChannelRead {
  const row = findOrNotFound(findAlertChannel(ctx.db, ctx.accountId, channelIdOf(rawId)));
  return toAlertChannelView(row, subscriptionsOfChannel(ctx.db, row.id));
}
