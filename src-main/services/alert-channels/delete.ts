import { AppError } from '../../core/errors';
import { deleteAlertChannel } from '../../db/repositories/alert-channels';
import type { ServiceContext } from '../context';
import { channelIdOf } from './store';

/** Its subscriptions are removed with it. */
export function deleteAlertChannelById(ctx: ServiceContext, rawId: string | number): void {
  if (!deleteAlertChannel(ctx.db, ctx.accountId, channelIdOf(rawId))) throw AppError.notFound();
}
