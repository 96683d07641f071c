import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import { forgetDependenciesOn } from '../dependencies';

/**
 * O(1) under the write lock whatever the check's history: its schedule row only loses its check_id
 * (runs become invisible at once) and the retention worker purges them in small batches.
 */
export async function deleteCheckById(ctx: ServiceContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    if (!await deleteCheck(tx, ctx.accountId, id)) throw AppError.notFound();
    await forgetDependenciesOn(tx, ctx.accountId, id);
  });
}
