import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteIncidentUpdate, findIncidentUpdate, listIncidentUpdates } from '../../db/repositories/incidents';
import type { ServiceContext } from '../context';
import { refreshProgress, requireIncident } from './store';

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
