import { AppError } from '../../core/errors';
import { deleteIncident } from '../../db/repositories/incidents';
import type { ServiceContext } from '../context';

/** Removes the incident with all its updates. */
export function deleteIncidentById(ctx: ServiceContext, id: string): void {
  if (!deleteIncident(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
