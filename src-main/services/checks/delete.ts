import { AppError } from '../../core/errors';
import { deleteCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';

export function deleteCheckById(ctx: ServiceContext, id: string): void {
  if (!deleteCheck(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
