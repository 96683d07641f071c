import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import {
  countMaintenanceWindows,
  deleteMaintenanceWindow as removeMaintenanceWindow,
  findMaintenanceWindow,
  insertMaintenanceWindow,
  replaceMaintenanceWindow,
  type NewMaintenanceWindowRow,
} from '../../db/repositories/maintenance-windows';
import { lockAccount, lockRowsForUpdate } from '../../db/row-locks';
import { MAINTENANCE_WINDOWS_MAX, type MaintenanceWindow, type MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import type { ServiceContext } from '../context';
import { maintenanceWindowRead, windowIdOf } from './read';

const iso = (value: string) => new Date(value).toISOString();

/** The stored form: dates in UTC, a repeat unit without an interval repeats every 1 unit, no repeat fields without a unit. */
function storedFields(body: MaintenanceWindowCreate): Omit<NewMaintenanceWindowRow, 'accountId' | 'createdAt' | 'updatedAt'> {
  const repeats = Boolean(body.repeatUnit);
  return {
    name: body.name,
    tags: [...new Set(body.tags)],
    checkIds: [...new Set(body.checkIds)],
    groupIds: [...new Set(body.groupIds)],
    startsAt: iso(body.startsAt),
    endsAt: iso(body.endsAt),
    repeatUnit: repeats ? (body.repeatUnit ?? null) : null,
    repeatInterval: repeats ? (body.repeatInterval ?? 1) : null,
    repeatEndsAt: repeats && body.repeatEndsAt ? iso(body.repeatEndsAt) : null,
  };
}

export async function createMaintenanceWindow(ctx: ServiceContext, body: MaintenanceWindowCreate): Promise<MaintenanceWindow> {
  const now = ctx.clock.now().toISOString();
  const row = await transaction(ctx.db, async (tx) => {
    // Creates on other servers count under the same lock, so together they never pass the maximum.
    await lockAccount(tx, ctx.accountId);
    if (await countMaintenanceWindows(tx, ctx.accountId) >= MAINTENANCE_WINDOWS_MAX) {
      throw new AppError('validation', `name: an account has at most ${MAINTENANCE_WINDOWS_MAX} maintenance windows; remove one that has ended first`);
    }
    return await insertMaintenanceWindow(tx, { accountId: ctx.accountId, ...storedFields(body), createdAt: now, updatedAt: null });
  });
  return maintenanceWindowRead(row);
}

/** PUT replaces every field (the body is the create body); the id and created_at stay. */
export async function updateMaintenanceWindow(ctx: ServiceContext, id: string | number, body: MaintenanceWindowCreate): Promise<MaintenanceWindow> {
  const windowId = windowIdOf(id);
  const now = ctx.clock.now().toISOString();
  const row = await transaction(ctx.db, async (tx) => {
    // Locked before it is read: a PUT on another server waits for this one's commit.
    await lockRowsForUpdate(tx, 'maintenance_windows', 'id', [windowId]);
    const stored = await findMaintenanceWindow(tx, ctx.accountId, windowId);
    if (!stored) throw AppError.notFound();
    const next = { ...stored, ...storedFields(body), updatedAt: now };
    await replaceMaintenanceWindow(tx, next);
    return next;
  });
  return maintenanceWindowRead(row);
}

export async function deleteMaintenanceWindow(ctx: ServiceContext, id: string | number): Promise<void> {
  if (!await removeMaintenanceWindow(ctx.db, ctx.accountId, windowIdOf(id))) throw AppError.notFound();
}
