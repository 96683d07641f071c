import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import type { CheckView } from './read-shape';
import { checkView } from './views';

export function getCheck(ctx: ServiceContext, id: string): CheckView {
  const row = findCheck(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  return checkView(ctx.db, row);
}
