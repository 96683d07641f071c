import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findStatusPageService, renameStatusPageService } from '../../db/repositories/status-page-services';
import { ServiceUpdate, type StatusPageServiceView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toServiceView } from './read-shape';

export function updateStatusPageService(ctx: ServiceContext, id: string, input: unknown): StatusPageServiceView {
  const body = parseOrThrow(ServiceUpdate, input);
  const row = transaction(ctx.db, (tx) => {
    if (!renameStatusPageService(tx, ctx.accountId, id, body.name, ctx.clock.now().toISOString())) throw AppError.notFound();
    return findStatusPageService(tx, ctx.accountId, id);
  });
  if (!row) throw AppError.notFound();
  return toServiceView(row);
}
