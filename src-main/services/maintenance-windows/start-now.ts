import { AppError } from '../../core/errors';
import { findCheckGroup } from '../../db/repositories/check-groups';
import { findCheck } from '../../db/repositories/checks';
import type { MaintenanceStartNow, MaintenanceWindow } from '../../../src-shared/schemas/maintenance-window';
import type { ServiceContext } from '../context';
import { createMaintenanceWindow } from './write';

/** "Start maintenance now": a one-off window from now that names the check or group itself (no tags needed). */
export async function startMaintenanceNow(ctx: ServiceContext, input: MaintenanceStartNow): Promise<MaintenanceWindow> {
  const now = ctx.clock.now().getTime();
  const target = input.checkId !== undefined ? await findCheck(ctx.db, ctx.accountId, input.checkId) : await findCheckGroup(ctx.db, ctx.accountId, input.groupId ?? 0);
  if (!target) throw new AppError('not_found', input.checkId !== undefined ? `checkId: no check ${input.checkId} in this account` : `groupId: no group ${input.groupId} in this account`);
  return await createMaintenanceWindow(ctx, {
    name: `Maintenance of ${target.name}`,
    tags: [],
    checkIds: input.checkId !== undefined ? [input.checkId] : [],
    groupIds: input.groupId !== undefined ? [input.groupId] : [],
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + input.minutes * 60_000).toISOString(),
  });
}
