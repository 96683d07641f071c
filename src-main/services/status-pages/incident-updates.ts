import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteIncidentUpdate, findIncidentUpdate, listIncidentUpdates, replaceIncidentUpdate } from '../../db/repositories/incidents';
import type { IncidentUpdateCreate, IncidentUpdateEdit, IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { toIncidentUpdateView } from './read-shape';
import { insertUpdateRecord, lockIncident, refreshProgress, requireIncident } from './store';
import { kickSubscriberMail } from './subscriber-mail-kick';

/** The 100 newest updates of an incident, newest first. */
export async function listIncidentUpdateViews(ctx: ServiceContext, incidentId: string): Promise<IncidentUpdateView[]> {
  const incident = await requireIncident(ctx.db, ctx.accountId, incidentId);
  return (await listIncidentUpdates(ctx.db, incident.id, 100)).map(toIncidentUpdateView);
}

export async function getIncidentUpdate(ctx: ServiceContext, incidentId: string, updateId: string): Promise<IncidentUpdateView> {
  const incident = await requireIncident(ctx.db, ctx.accountId, incidentId);
  const row = await findIncidentUpdate(ctx.db, incident.id, updateId);
  if (!row) throw AppError.notFound();
  return toIncidentUpdateView(row);
}

/** Adds an update; without `status` it keeps the incident's current progress. With notifySubscribers it is mailed to subscribers. */
export async function addIncidentUpdate(ctx: ServiceContext, incidentId: string, body: IncidentUpdateCreate): Promise<IncidentUpdateView> {
  const view = await transaction(ctx.db, async (tx) => {
    const incident = await lockIncident(tx, ctx.accountId, incidentId);
    const now = ctx.clock.now().toISOString();
    const row = await insertUpdateRecord(tx, incident, { ...body, status: body.status ?? (incident.lastUpdateStatus as IncidentUpdateView['status']) }, now);
    await refreshProgress(tx, incident, now);
    return toIncidentUpdateView(row);
  });
  if (view.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return view;
}

/** PUT of one update: members not named keep their value; the incident's progress follows. */
export async function editIncidentUpdate(ctx: ServiceContext, incidentId: string, updateId: string, body: IncidentUpdateEdit): Promise<IncidentUpdateView> {
  return await transaction(ctx.db, async (tx) => {
    const incident = await lockIncident(tx, ctx.accountId, incidentId);
    const existing = await findIncidentUpdate(tx, incident.id, updateId);
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
    await replaceIncidentUpdate(tx, row);
    await refreshProgress(tx, incident, now);
    return toIncidentUpdateView(row);
  });
}

/** An incident keeps at least one update: its progress is read from them. */
export async function deleteIncidentUpdateById(ctx: ServiceContext, incidentId: string, updateId: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const incident = await lockIncident(tx, ctx.accountId, incidentId);
    if (!await findIncidentUpdate(tx, incident.id, updateId)) throw AppError.notFound();
    if ((await listIncidentUpdates(tx, incident.id, 2)).length < 2) {
      throw new AppError('conflict', 'This is the only update of the incident; an incident keeps at least one. Delete the incident instead.');
    }
    await deleteIncidentUpdate(tx, incident.id, updateId);
    await refreshProgress(tx, incident, ctx.clock.now().toISOString());
  });
}
