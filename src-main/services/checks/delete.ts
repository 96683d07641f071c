import { AppError } from '../../core/errors';
import { deleteCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';

/**
 * O(1) under the write lock whatever the check's history: its schedule row only loses its check_id
 * (runs become invisible at once) and the retention worker purges them in small batches.
 */
export function deleteCheckById(ctx: ServiceContext, id: string): void {
  if (!deleteCheck(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
