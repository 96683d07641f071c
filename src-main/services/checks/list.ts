import { countChecks, listChecks } from '../../db/repositories/checks';
import type { CheckListQuery } from '../../../src-shared/schemas/check-list';
import type { ServiceContext } from '../context';
import type { CheckView } from './read-shape';
import { applyGroupSettings } from './group-settings';
import { checkViews } from './views';

export interface CheckPage {
  items: CheckView[];
  total: number;
  page: number;
  limit: number;
}

export async function listCheckPage(ctx: ServiceContext, query: CheckListQuery): Promise<CheckPage> {
  const filter = {
    accountId: ctx.accountId,
    checkType: query.checkType,
    tags: query.tag,
    search: query.search,
    groupId: query.groupId,
    status: query.status,
    apiCheckUrlPattern: query.apiCheckUrlFilterPattern,
  };
  const rows = await listChecks(ctx.db, filter, query.limit, (query.page - 1) * query.limit);
  const total = await countChecks(ctx.db, filter);
  const views = await checkViews(ctx, rows);
  return { items: query.applyGroupSettings ? await applyGroupSettings(ctx, views) : views, total, page: query.page, limit: query.limit };
}
