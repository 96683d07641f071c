import type { IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { loadIncidentView } from './read-shape';
import { requireIncident } from './store';

export function getIncident(ctx: ServiceContext, id: string): IncidentView {
  return loadIncidentView(ctx.db, requireIncident(ctx.db, ctx.accountId, id));
}
