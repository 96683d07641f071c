import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import type { ServiceContext } from '../context';
import type { CheckView } from './read-shape';
import { applyGroupSettings } from './group-settings';
import { checkView } from './views';

export async function getCheck(ctx: ServiceContext, id: string, options: { applyGroupSettings?: boolean } = {}): Promise<CheckView> {
  const row = await findCheck(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  const view = await checkView(ctx, row);
  return options.applyGroupSettings ? (await applyGroupSettings(ctx, [view]))[0] : view;
}
