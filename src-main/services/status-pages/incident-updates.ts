import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteIncidentUpdate, findIncidentUpdate, listIncidentUpdates, replaceIncidentUpdate } from '../../db/repositories/incidents';
import type { IncidentUpdateCreate, IncidentUpdateEdit, IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { toIncidentUpdateView } from './read-shape';
import { insertUpdateRecord, refreshProgress, requireIncident } from './store';
import { kickSubscriberMail } from './subscriber-mail-kick';

/** The 100 newest updates of an incident, newest first. */
export function listIncidentUpdateViews(ctx: ServiceContext, incidentId: string): IncidentUpdateView[] {
  const incident = requireIncident(ctx.db, ctx.accountId, incidentId);
  return listIncidentUpdates(ctx.db, incident.id, 100).map(toIncidentUpdateView);
}

export function getIncidentUpdate(ctx: ServiceContext, incidentId: string, updateId: string): IncidentUpdateView {
  const incident = requireIncident(ctx.db, ctx.accountId, incidentId);
  const row = findIncidentUpdate(ctx.db, incident.id, updateId);
  if (!row) throw AppError.notFound();
  return toIncidentUpdateView(row);
}

/** Adds an update; without `status` it keeps the incident's current progress. With notifySubscribers it is mailed to subscribers. */
export function addIncidentUpdate(ctx: ServiceContext, incidentId: string, body: IncidentUpdateCreate): IncidentUpdateView {
  const view = transaction(ctx.db, (tx) => {
    const incident = requireIncident(tx, ctx.accountId, incidentId);
    const now = ctx.clock.now().toISOString();
    const row = insertUpdateRecord(tx, incident, { ...body, status: body.status ?? (incident.lastUpdateStatus as IncidentUpdateView['status']) }, now);
    refreshProgress(tx, incident, now);
    return toIncidentUpdateView(row);
  });
  if (view.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return view;
}

/** PUT of one update: members not named keep their value; the incident's progress follows. */
export function editIncidentUpdate(ctx: ServiceContext, incidentId: string, updateId: string, body: IncidentUpdateEdit): IncidentUpdateView {
  return transaction(ctx.db, (tx) => {
    const incident = requireIncident(tx, ctx.accountId, incidentId);
    const existing = findIncidentUpdate(tx, incident.id, updateId);
    if (!existing) throw AppError.notFound();
    const now = ctx.clock.now().toISOString();
    const row = {
      ...existing,
      description: body.description,
      status: body.status ?? existing.status,
      notifySubscribers: body.notifySubscribers ?? existing.notifySubscribers,
      publicIncidentUpdateDate: body.publicIncidentUpdateDate ?? existing.publicIncidentUpdateDate,
      updatedAt: now,
    };
    replaceIncidentUpdate(tx, row);
    refreshProgress(tx, incident, now);
    return toIncidentUpdateView(row);
  });
}

/** An incident keeps at least one update: its progress is read from them. */
export function deleteIncidentUpdateById(ctx: ServiceContext, incidentId: string, updateId: string): void {
  transaction(ctx.db, (tx) => {
    const incident = requireIncident(tx, ctx.accountId, incidentId);
    if (!findIncidentUpdate(tx, incident.id, updateId)) throw AppError.notFound();
    if (listIncidentUpdates(tx, incident.id, 2).length < 2) {
      throw new AppError('conflict', 'This is the only update of the incident; an incident keeps at least one. Delete the incident instead.');
    }
    deleteIncidentUpdate(tx, incident.id, updateId);
    refreshProgress(tx, incident, ctx.clock.now().toISOString());
  });
}
