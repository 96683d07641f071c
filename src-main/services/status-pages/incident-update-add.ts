import { transaction } from '../../db/connection';
import { IncidentUpdateCreate, type IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toIncidentUpdateView } from './read-shape';
import { insertUpdateRecord, refreshProgress, requireIncident } from './store';

/** Adds an update; without `status` it keeps the incident's current progress. */
export function addIncidentUpdate(ctx: ServiceContext, incidentId: string, input: unknown): IncidentUpdateView {
  const body = parseOrThrow(IncidentUpdateCreate, input);
  return transaction(ctx.db, (tx) => {
    const incident = requireIncident(tx, ctx.accountId, incidentId);
    const now = ctx.clock.now().toISOString();
    const row = insertUpdateRecord(tx, incident.id, { ...body, status: body.status ?? (incident.lastUpdateStatus as IncidentUpdateView['status']) }, now);
    refreshProgress(tx, incident, now);
    return toIncidentUpdateView(row);
  });
}
