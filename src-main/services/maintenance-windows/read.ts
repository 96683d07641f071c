import { AppError } from '../../core/errors';
import { findMaintenanceWindow, listMaintenanceWindows, type MaintenanceWindowRow } from '../../db/repositories/maintenance-windows';
import { checkNamesOf } from '../../db/repositories/checks';
import { groupNamesOf } from '../../db/repositories/check-groups';
import { ALL_CHECKS, MAINTENANCE_REPEAT_UNITS, type MaintenanceRepeatUnit, type MaintenanceTiming } from '../../../src-shared/rules/maintenance';
import type { MaintenanceWindow } from '../../../src-shared/schemas/maintenance-window';
import type { PageQuery } from '../../../src-shared/schemas/paging';
import type { ServiceContext } from '../context';

function repeatUnitOf(value: string | null): MaintenanceRepeatUnit | null {
  return MAINTENANCE_REPEAT_UNITS.find((unit) => unit === value) ?? null;
}

export function maintenanceWindowRead(row: MaintenanceWindowRow): MaintenanceWindow {
  return {
    id: row.id,
    name: row.name,
    tags: row.tags,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    repeatInterval: row.repeatInterval,
    repeatUnit: repeatUnitOf(row.repeatUnit),
    repeatEndsAt: row.repeatEndsAt,
    checkIds: row.checkIds,
    groupIds: row.groupIds,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The stored dates as epoch ms, for the schedule maths of src-shared/rules/maintenance. */
export function timingOf(row: MaintenanceWindowRow): MaintenanceTiming {
  return {
    startsAt: Date.parse(row.startsAt),
    endsAt: Date.parse(row.endsAt),
    repeatInterval: row.repeatInterval,
    repeatUnit: repeatUnitOf(row.repeatUnit),
    repeatEndsAt: row.repeatEndsAt === null ? null : Date.parse(row.repeatEndsAt),
  };
}

/** A path id that is not a positive integer names no window. */
export function windowIdOf(id: string | number): number {
  const n = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw AppError.notFound();
  return n;
}

export async function getMaintenanceWindow(ctx: ServiceContext, id: string | number): Promise<MaintenanceWindow> {
  const row = await findMaintenanceWindow(ctx.db, ctx.accountId, windowIdOf(id));
  if (!row) throw AppError.notFound();
  return maintenanceWindowRead(row);
}

export interface MaintenanceWindowPage {
  windows: MaintenanceWindow[];
  total: number;
}

/** Oldest first; a page when `query` is given, else the whole (bounded) list. */
export async function listMaintenanceWindowsPage(ctx: ServiceContext, query?: PageQuery): Promise<MaintenanceWindowPage> {
  const all = (await listMaintenanceWindows(ctx.db, ctx.accountId)).map(maintenanceWindowRead);
  if (!query) return { windows: all, total: all.length };
  const offset = (query.page - 1) * query.limit;
  return { windows: all.slice(offset, offset + query.limit), total: all.length };
}

/** A window as the console lists it: with the names of the monitors and groups it names (those that still exist). */
export interface MaintenanceWindowListed extends MaintenanceWindow {
  targetNames: { checks: { id: string; name: string }[]; groups: { id: number; name: string }[] };
}

/** Every window of the account, oldest first, with its targets' names read in two queries for the whole list. */
export async function listMaintenanceWindowsNamed(ctx: ServiceContext): Promise<MaintenanceWindowListed[]> {
  const windows = (await listMaintenanceWindowsPage(ctx)).windows;
  const checkNames = await checkNamesOf(ctx.db, ctx.accountId, [...new Set(windows.flatMap((w) => w.checkIds.filter((id) => id !== ALL_CHECKS)))]);
  const groupNames = await groupNamesOf(ctx.db, ctx.accountId, [...new Set(windows.flatMap((w) => w.groupIds))]);
  return windows.map((w) => ({
    ...w,
    targetNames: {
      checks: w.checkIds.flatMap((id) => {
        const name = checkNames.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      groups: w.groupIds.flatMap((id) => {
        const name = groupNames.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    },
  }));
}
