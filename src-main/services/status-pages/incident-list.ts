import { findIncident, listIncidents } from '../../db/repositories/incidents';
import { CursorQuery, type IncidentPage } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { cutPage, requireCursor } from './paging';
import { loadIncidentViews } from './read-shape';

/** Newest first by creation time (then id); `nextId` is the id of the first incident of the next page. */
export function listIncidentPage(ctx: ServiceContext, input: unknown = {}): IncidentPage {
  const query = parseOrThrow(CursorQuery, input);
  const from = query.nextId ? requireCursor(findIncident(ctx.db, ctx.accountId, query.nextId), 'incident') : undefined;
  const page = cutPage(listIncidents(ctx.db, ctx.accountId, query.limit + 1, from), query.limit);
  return { length: page.rows.length, entries: loadIncidentViews(ctx.db, page.rows), nextId: page.nextId };
}
