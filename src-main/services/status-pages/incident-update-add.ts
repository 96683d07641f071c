import { transaction } from '../../db/connection';
import { IncidentUpdateCreate, type IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toIncidentUpdateView } from './read-shape';
import { kickSubscriberMail } from './subscriber-mailer';
import { insertUpdateRecord, refreshProgress, requireIncident } from './store';

/** Adds an update; without `status` it keeps the incident's current progress. With notifySubscribers it is mailed to subscribers. */
export function addIncidentUpdate(ctx: ServiceContext, incidentId: string, input: unknown): IncidentUpdateView {
  const body = parseOrThrow(IncidentUpdateCreate, input);
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
