import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteIncident, findIncident, listIncidents, replaceIncidentServices, updateIncident } from '../../db/repositories/incidents';
import { findStatusPage } from '../../db/repositories/status-pages';
import type { IncidentCreate, IncidentEdit, IncidentListQuery, IncidentPage, IncidentPatch, IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { cutPage, requireCursor } from './paging';
import { loadIncidentView, loadIncidentViews } from './read-shape';
import { assertServicesExist, insertIncidentRecord, lockIncident, requireIncident } from './store';
import { kickSubscriberMail } from './subscriber-mail-kick';

/** Newest first by creation time (then id); `nextId` is the id of the first incident of the next page. */
export async function listIncidentPage(ctx: ServiceContext, query: IncidentListQuery): Promise<IncidentPage> {
  if (query.statusPageId && !await findStatusPage(ctx.db, ctx.accountId, query.statusPageId)) {
    throw new AppError('validation', 'statusPageId: no status page with this id in the account');
  }
  const from = query.nextId ? requireCursor(await findIncident(ctx.db, ctx.accountId, query.nextId), 'incident') : undefined;
  const page = cutPage(await listIncidents(ctx.db, ctx.accountId, query.limit + 1, from, query.statusPageId), query.limit);
  return { length: page.rows.length, entries: await loadIncidentViews(ctx.db, page.rows), nextId: page.nextId };
}

export async function getIncident(ctx: ServiceContext, id: string): Promise<IncidentView> {
  return await loadIncidentView(ctx.db, await requireIncident(ctx.db, ctx.accountId, id));
}

/** A new incident starts with its one update; that update's status defaults to INVESTIGATING. */
export async function createIncident(ctx: ServiceContext, body: IncidentCreate): Promise<IncidentView> {
  const [first] = body.incidentUpdates;
  const view = await transaction(ctx.db, async (tx) => {
    const row = await insertIncidentRecord(tx, ctx, {
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
    return await loadIncidentView(tx, row);
  });
  if (first?.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return view;
}

/** PUT replaces name, severity and services; updates are changed through their own routes. */
export async function editIncident(ctx: ServiceContext, id: string, body: IncidentEdit): Promise<IncidentView> {
  return await transaction(ctx.db, async (tx) => {
    const existing = await lockIncident(tx, ctx.accountId, id);
    const serviceIds = body.services.map((service) => service.id);
    await assertServicesExist(tx, ctx.accountId, serviceIds);
    const row = { ...existing, name: body.name, severity: body.severity, updatedAt: ctx.clock.now().toISOString() };
    await updateIncident(tx, row);
    await replaceIncidentServices(tx, id, serviceIds);
    return await loadIncidentView(tx, row);
  });
}

/** PATCH changes only the members it names (the public CLI sends `{severity}` alone). */
export async function patchIncident(ctx: ServiceContext, id: string, body: IncidentPatch): Promise<IncidentView> {
  return await transaction(ctx.db, async (tx) => {
    const existing = await lockIncident(tx, ctx.accountId, id);
    const serviceIds = body.services?.map((service) => service.id);
    if (serviceIds) await assertServicesExist(tx, ctx.accountId, serviceIds);
    const row = {
      ...existing,
      name: body.name ?? existing.name,
      severity: body.severity ?? existing.severity,
      updatedAt: ctx.clock.now().toISOString(),
    };
    await updateIncident(tx, row);
    if (serviceIds) await replaceIncidentServices(tx, id, serviceIds);
    return await loadIncidentView(tx, row);
  });
}

/** Removes the incident with all its updates. */
export async function deleteIncidentById(ctx: ServiceContext, id: string): Promise<void> {
  if (!await deleteIncident(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
