import { findStatusPageService, listStatusPageServices } from '../../db/repositories/status-page-services';
import { ServiceListQuery, type ServicePage } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { cutPage, requireCursor } from './paging';
import { toServiceView } from './read-shape';

/** Newest first; `paginated: false` answers every service in one page. */
export function listStatusPageServicePage(ctx: ServiceContext, input: unknown = {}): ServicePage {
  const query = parseOrThrow(ServiceListQuery, input);
  const from = query.nextId ? requireCursor(findStatusPageService(ctx.db, ctx.accountId, query.nextId), 'service') : undefined;
  if (!query.paginated) {
    const rows = listStatusPageServices(ctx.db, ctx.accountId, null, from);
    return { length: rows.length, entries: rows.map(toServiceView), nextId: null };
  }
  const page = cutPage(listStatusPageServices(ctx.db, ctx.accountId, query.limit + 1, from), query.limit);
  return { length: page.rows.length, entries: page.rows.map(toServiceView), nextId: page.nextId };
}
