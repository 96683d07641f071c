import { z } from 'zod';
import {
  AlertChannelSubscriptionQuery,
  createAlertChannel,
  deleteAlertChannelById,
  getAlertChannel,
  listAlertChannels,
  listAlertChannelSubscriptions,
  removeAlertChannelSubscription,
  updateAlertChannel,
  updateAlertChannelSubscription,
} from '../../../services/alert-channels';
import { AlertChannelCreate, AlertChannelSubscriptionCreate, AlertChannelUpdate } from '../../../../src-shared/schemas/alert-channel';
import { PageQuery } from '../../../../src-shared/schemas/paging';
import { authedProcedure, router } from '../init';

const ChannelId = z.number().int().positive();
const ById = z.object({ id: ChannelId });

export const alertChannelsRouter = router({
  list: authedProcedure.input(PageQuery).query(({ ctx, input }) => listAlertChannels(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getAlertChannel(ctx.service, input.id)),
  create: authedProcedure.input(AlertChannelCreate).mutation(({ ctx, input }) => createAlertChannel(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: ChannelId, body: AlertChannelUpdate }))
    .mutation(({ ctx, input }) => updateAlertChannel(ctx.service, input.id, input.body)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteAlertChannelById(ctx.service, input.id);
    return { id: input.id };
  }),
  updateSubscription: authedProcedure
    .input(z.object({ id: ChannelId, subscription: AlertChannelSubscriptionCreate }))
    .mutation(({ ctx, input }) => updateAlertChannelSubscription(ctx.service, input.id, input.subscription)),
  /** One page of the channel's subscriptions with the names of their monitors and groups (the console's table). */
  subscriptions: authedProcedure.input(AlertChannelSubscriptionQuery).query(({ ctx, input }) => listAlertChannelSubscriptions(ctx.service, input)),
  removeSubscription: authedProcedure
    .input(z.object({ id: ChannelId, subscriptionId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => removeAlertChannelSubscription(ctx.service, input.id, input.subscriptionId)),
});
