import { AppError } from '../../core/errors';
import { deleteStatusPage } from '../../db/repositories/status-pages';
import type { ServiceContext } from '../context';

/** Removes the page and its cards; the services on them and their incidents stay. */
export function deleteStatusPageById(ctx: ServiceContext, id: string): void {
  if (!deleteStatusPage(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
