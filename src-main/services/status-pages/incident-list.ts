import { AppError } from '../../core/errors';
import { findIncident, listIncidents } from '../../db/repositories/incidents';
import { findStatusPage } from '../../db/repositories/status-pages';
import { IncidentListQuery, type IncidentPage } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { cutPage, requireCursor } from './paging';
import { loadIncidentViews } from './read-shape';

/** Newest first by creation time (then id); `nextId` is the id of the first incident of the next page. */
export function listIncidentPage(ctx: ServiceContext, input: unknown = {}): IncidentPage {
  const query = parseOrThrow(IncidentListQuery, input);
  if (query.statusPageId && !findStatusPage(ctx.db, ctx.accountId, query.statusPageId)) {
    throw new AppError('validation', 'statusPageId: no status page with this id in the account');
  }
  const from = query.nextId ? requireCursor(findIncident(ctx.db, ctx.accountId, query.nextId), 'incident') : undefined;
  const page = cutPage(listIncidents(ctx.db, ctx.accountId, query.limit + 1, from, query.statusPageId), query.limit);
  return { length: page.rows.length, entries: loadIncidentViews(ctx.db, page.rows), nextId: page.nextId };
}
