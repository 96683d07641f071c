import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findIncidentUpdate, replaceIncidentUpdate } from '../../db/repositories/incidents';
import { IncidentUpdateEdit, type IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toIncidentUpdateView } from './read-shape';
import { refreshProgress, requireIncident } from './store';

/** PUT of one update: members not named keep their value; the incident's progress follows. */
export function editIncidentUpdate(ctx: ServiceContext, incidentId: string, updateId: string, input: unknown): IncidentUpdateView {
  const body = parseOrThrow(IncidentUpdateEdit, input);
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
