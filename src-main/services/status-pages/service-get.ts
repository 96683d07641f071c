import { AppError } from '../../core/errors';
import { findStatusPageService } from '../../db/repositories/status-page-services';
import type { StatusPageServiceView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { toServiceView } from './read-shape';

export function getStatusPageService(ctx: ServiceContext, id: string): StatusPageServiceView {
  const row = findStatusPageService(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  return toServiceView(row);
}
