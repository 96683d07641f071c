import { findStatusPage, listStatusPages } from '../../db/repositories/status-pages';
import { CursorQuery } from '../../../src-shared/schemas/status-page';
import type { StatusPagePage } from '../../../src-shared/schemas/status-page-resource';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { loadStatusPageViews } from './page-store';
import { cutPage, requireCursor } from './paging';

/** Newest first by creation time (then id); `nextId` is the id of the first status page of the next page. */
export function listStatusPagePage(ctx: ServiceContext, input: unknown = {}): StatusPagePage {
  const query = parseOrThrow(CursorQuery, input);
  const from = query.nextId ? requireCursor(findStatusPage(ctx.db, ctx.accountId, query.nextId), 'status page') : undefined;
  const page = cutPage(listStatusPages(ctx.db, ctx.accountId, query.limit + 1, from), query.limit);
  return { length: page.rows.length, entries: loadStatusPageViews(ctx.db, page.rows), nextId: page.nextId };
}
