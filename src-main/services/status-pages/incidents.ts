import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteIncident, findIncident, listIncidents, replaceIncidentServices, updateIncident } from '../../db/repositories/incidents';
import { findStatusPage } from '../../db/repositories/status-pages';
import type { IncidentCreate, IncidentEdit, IncidentListQuery, IncidentPage, IncidentPatch, IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { cutPage, requireCursor } from './paging';
import { loadIncidentView, loadIncidentViews } from './read-shape';
import { assertServicesExist, insertIncidentRecord, requireIncident } from './store';
import { kickSubscriberMail } from './subscriber-mail-kick';

/** Newest first by creation time (then id); `nextId` is the id of the first incident of the next page. */
export function listIncidentPage(ctx: ServiceContext, query: IncidentListQuery): IncidentPage {
  if (query.statusPageId && !findStatusPage(ctx.db, ctx.accountId, query.statusPageId)) {
    throw new AppError('validation', 'statusPageId: no status page with this id in the account');
  }
  const from = query.nextId ? requireCursor(findIncident(ctx.db, ctx.accountId, query.nextId), 'incident') : undefined;
  const page = cutPage(listIncidents(ctx.db, ctx.accountId, query.limit + 1, from, query.statusPageId), query.limit);
  return { length: page.rows.length, entries: loadIncidentViews(ctx.db, page.rows), nextId: page.nextId };
}

export function getIncident(ctx: ServiceContext, id: string): IncidentView {
  return loadIncidentView(ctx.db, requireIncident(ctx.db, ctx.accountId, id));
}

/** A new incident starts with its one update; that update's status defaults to INVESTIGATING. */
export function createIncident(ctx: ServiceContext, body: IncidentCreate): IncidentView {
  const [first] = body.incidentUpdates;
  const view = transaction(ctx.db, (tx) => {
    const row = insertIncidentRecord(tx, ctx, {
      name: body.name,
      severity: body.severity,
      serviceIds: body.services.map((service) => service.id),
      update: {
        description: first?.description ?? body.name,
        status: first?.status ?? 'INVESTIGATING',
        notifySubscribers: first?.notifySubscribers ?? false,
        publicIncidentUpdateDate: first?.publicIncidentUpdateDate,
      },
      sourceCheckId: null,
    });
    return loadIncidentView(tx, row);
  });
  if (first?.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return view;
}

/** PUT replaces name, severity and services; updates are changed through their own routes. */
export function editIncident(ctx: ServiceContext, id: string, body: IncidentEdit): IncidentView {
  return transaction(ctx.db, (tx) => {
    const existing = requireIncident(tx, ctx.accountId, id);
    const serviceIds = body.services.map((service) => service.id);
    assertServicesExist(tx, ctx.accountId, serviceIds);
    const row = { ...existing, name: body.name, severity: body.severity, updatedAt: ctx.clock.now().toISOString() };
    updateIncident(tx, row);
    replaceIncidentServices(tx, id, serviceIds);
    return loadIncidentView(tx, row);
  });
}

/** PATCH changes only the members it names (the public CLI sends `{severity}` alone). */
export function patchIncident(ctx: ServiceContext, id: string, body: IncidentPatch): IncidentView {
  return transaction(ctx.db, (tx) => {
    const existing = requireIncident(tx, ctx.accountId, id);
    const serviceIds = body.services?.map((service) => service.id);
    if (serviceIds) assertServicesExist(tx, ctx.accountId, serviceIds);
    const row = {
      ...existing,
      name: body.name ?? existing.name,
      severity: body.severity ?? existing.severity,
      updatedAt: ctx.clock.now().toISOString(),
    };
    updateIncident(tx, row);
    if (serviceIds) replaceIncidentServices(tx, id, serviceIds);
    return loadIncidentView(tx, row);
  });
}

/** Removes the incident with all its updates. */
export function deleteIncidentById(ctx: ServiceContext, id: string): void {
  if (!deleteIncident(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
