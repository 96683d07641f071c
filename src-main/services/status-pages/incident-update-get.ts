import { AppError } from '../../core/errors';
import { findIncidentUpdate, listIncidentUpdates } from '../../db/repositories/incidents';
import type { IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { toIncidentUpdateView } from './read-shape';
import { requireIncident } from './store';

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
