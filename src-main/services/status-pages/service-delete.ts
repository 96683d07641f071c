import { AppError } from '../../core/errors';
import { deleteStatusPageService } from '../../db/repositories/status-page-services';
import type { ServiceContext } from '../context';

/** Incidents that named the service keep their other services; the link rows go with it. */
export function deleteStatusPageServiceById(ctx: ServiceContext, id: string): void {
  if (!deleteStatusPageService(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
