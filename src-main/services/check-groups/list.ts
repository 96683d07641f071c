import { countCheckGroups, listCheckGroups, subscriptionsOfGroups } from '../../db/repositories/check-groups';
import type { CheckGroup, CheckGroupListQuery } from '../../../src-shared/schemas/check-group';
import type { ServiceContext } from '../context';
import { toCheckGroupView } from './read-shape';
import { NOT_CODE_MANAGED, projectMembersOf } from '../project-bindings';

export interface CheckGroupPage {
  items: CheckGroup[];
  total: number;
  page: number;
  limit: number;
}

/** Groups in creation order (ascending id); `tag` matches any, `name` is an exact match of any. */
export async function listCheckGroupPage(ctx: ServiceContext, query: CheckGroupListQuery): Promise<CheckGroupPage> {
  const filter = { accountId: ctx.accountId, tags: query.tag, names: query.name };
  const rows = await listCheckGroups(ctx.db, filter, query.limit, (query.page - 1) * query.limit);
  const subscriptions = await subscriptionsOfGroups(ctx.db, rows.map((row) => row.id));
  const members = await projectMembersOf(ctx.db, ctx.accountId, 'check-group', rows.map((row) => row.id));
  return {
    items: rows.map((row) => toCheckGroupView(row, subscriptions.get(row.id) ?? [], members.get(String(row.id)) ?? NOT_CODE_MANAGED)),
    total: await countCheckGroups(ctx.db, filter),
    page: query.page,
    limit: query.limit,
  };
}
