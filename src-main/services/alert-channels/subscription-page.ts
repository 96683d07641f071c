import { z } from 'zod';
import { countNamedSubscriptionsOfChannel, namedSubscriptionsOfChannel, type NamedSubscriptionRow } from '../../db/repositories/alert-subscriptions';
import { countChecks, countChecksNotSubscribedTo } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import { channelOrNotFound } from './store';

export const AlertChannelSubscriptionQuery = z.object({
  id: z.number().int().positive(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(25),
  /** A case-insensitive part of the monitor's or group's name. */
  search: z.string().trim().max(200).optional(),
});
export type AlertChannelSubscriptionQuery = z.infer<typeof AlertChannelSubscriptionQuery>;

export type NamedAlertChannelSubscription = NamedSubscriptionRow;

export interface AlertChannelSubscriptionPage {
  /** The page's subscriptions by name; a name is null only when its monitor or group was deleted meanwhile. */
  items: NamedAlertChannelSubscription[];
  /** Subscriptions matching the search (all of the channel's without one). */
  total: number;
  page: number;
  limit: number;
  /** The account's monitors, and those of them with no subscription to the channel (whatever the search). */
  totalChecks: number;
  unsubscribedChecks: number;
}

/** One page of a channel's subscriptions, named on the server so a channel with thousands of them reads like one with a few. */
export async function listAlertChannelSubscriptions(ctx: ServiceContext, query: AlertChannelSubscriptionQuery): Promise<AlertChannelSubscriptionPage> {
  const { id, page, limit, search } = query;
  const channel = await channelOrNotFound(ctx.db, ctx.accountId, id);
  const filter = { accountId: ctx.accountId, alertChannelId: channel.id, search: search || undefined };
  return {
    items: await namedSubscriptionsOfChannel(ctx.db, filter, limit, (page - 1) * limit),
    total: await countNamedSubscriptionsOfChannel(ctx.db, filter),
    page,
    limit,
    totalChecks: await countChecks(ctx.db, { accountId: ctx.accountId }),
    unsubscribedChecks: await countChecksNotSubscribedTo(ctx.db, ctx.accountId, channel.id),
  };
}
