import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import { forgetDependenciesOn } from '../dependencies';

/**
 * O(1) under the write lock whatever the check's history: its schedule row only loses its check_id
 * (runs become invisible at once) and the retention worker purges them in small batches.
 */
export function deleteCheckById(ctx: ServiceContext, id: string): void {
  transaction(ctx.db, (tx) => {
    if (!deleteCheck(tx, ctx.accountId, id)) throw AppError.notFound();
    forgetDependenciesOn(tx, ctx.accountId, id);
  });
}
