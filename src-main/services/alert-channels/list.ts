import { countAlertChannels, listAlertChannelPage } from '../../db/repositories/alert-channels';
import type { AlertChannelRead } from '../../../src-shared/schemas/alert-channel';
import type { PageQuery } from '../../../src-shared/schemas/paging';
import type { ServiceContext } from '../context';
import { toAlertChannelViews } from './read-shape';

export interface AlertChannelPage {
  items: AlertChannelRead[];
  total: number;
  page: number;
  limit: number;
}

export function listAlertChannels(ctx: ServiceContext, query: PageQuery): AlertChannelPage {
  const rows = listAlertChannelPage(ctx.db, ctx.accountId, query.limit, (query.page - 1) * query.limit);
  const total = countAlertChannels(ctx.db, ctx.accountId);
  return { items: toAlertChannelViews(ctx.db, rows), total, page: query.page, limit: query.limit };
}
