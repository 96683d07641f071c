import { transaction } from '../../db/connection';
import { replaceIncidentServices, updateIncident } from '../../db/repositories/incidents';
import { IncidentEdit, type IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { loadIncidentView } from './read-shape';
import { assertServicesExist, requireIncident } from './store';

/** PUT replaces name, severity and services; updates are changed through their own routes. */
export function editIncident(ctx: ServiceContext, id: string, input: unknown): IncidentView {
  const body = parseOrThrow(IncidentEdit, input);
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
