import { transaction } from '../../db/connection';
import { replaceIncidentServices, updateIncident } from '../../db/repositories/incidents';
import { IncidentPatch, type IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { loadIncidentView } from './read-shape';
import { assertServicesExist, requireIncident } from './store';

/** PATCH changes only the members it names (the public CLI sends `{severity}` alone). */
export function patchIncident(ctx: ServiceContext, id: string, input: unknown): IncidentView {
  const body = parseOrThrow(IncidentPatch, input);
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
