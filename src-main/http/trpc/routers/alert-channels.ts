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
  list: authedProcedure.input(PageQuery).query(async ({ ctx, input }) => await listAlertChannels(ctx.service, input)),
  get: authedProcedure.input(ById).query(async ({ ctx, input }) => await getAlertChannel(ctx.service, input.id)),
  create: authedProcedure.input(AlertChannelCreate).mutation(async ({ ctx, input }) => await createAlertChannel(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: ChannelId, body: AlertChannelUpdate }))
    .mutation(async ({ ctx, input }) => await updateAlertChannel(ctx.service, input.id, input.body)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteAlertChannelById(ctx.service, input.id);
    return { id: input.id };
  }),
  updateSubscription: authedProcedure
    .input(z.object({ id: ChannelId, subscription: AlertChannelSubscriptionCreate }))
    .mutation(async ({ ctx, input }) => await updateAlertChannelSubscription(ctx.service, input.id, input.subscription)),
  /** One page of the channel's subscriptions with the names of their monitors and groups (the console's table). */
  subscriptions: authedProcedure.input(AlertChannelSubscriptionQuery).query(async ({ ctx, input }) => await listAlertChannelSubscriptions(ctx.service, input)),
  removeSubscription: authedProcedure
    .input(z.object({ id: ChannelId, subscriptionId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => await removeAlertChannelSubscription(ctx.service, input.id, input.subscriptionId)),
});
