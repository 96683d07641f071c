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

export function listCheckPage(ctx: ServiceContext, query: CheckListQuery): CheckPage {
  const filter = {
    accountId: ctx.accountId,
    checkType: query.checkType,
    tags: query.tag,
    search: query.search,
    groupId: query.groupId,
    status: query.status,
    apiCheckUrlPattern: query.apiCheckUrlFilterPattern,
  };
  const rows = listChecks(ctx.db, filter, query.limit, (query.page - 1) * query.limit);
  const total = countChecks(ctx.db, filter);
  const views = checkViews(ctx, rows);
  return { items: query.applyGroupSettings ? applyGroupSettings(ctx, views) : views, total, page: query.page, limit: query.limit };
}
