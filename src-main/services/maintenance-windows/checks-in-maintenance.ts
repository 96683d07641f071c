import type { Db } from '../../db/connection';
import { maintainedChecks, type MaintainedCheckRow } from '../../db/repositories/maintenance-windows';
import type { CheckInMaintenance } from '../../../src-shared/schemas/maintenance-window';
import type { ServiceContext } from '../context';
import { loadMaintenanceCalendar, type MaintainedCheck, type OpenMaintenance } from './calendar';

function groupTags(body: Record<string, unknown> | null): string[] {
  const tags = body?.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

function asMaintained(row: MaintainedCheckRow): MaintainedCheck & { name: string } {
  return { accountId: row.accountId, id: row.id, name: row.name, groupId: row.groupId, tags: [...row.tags, ...groupTags(row.groupBody)] };
}

async function checksOf(db: Db, checkIds: readonly string[]): Promise<MaintainedCheck[]> {
  return (await maintainedChecks(db, { checkIds })).map(asMaintained);
}

/** The account's checks in maintenance now, by name: the console's "maintenance" state (Monitors list, dashboard, monitor page). */
export async function currentMaintenance(ctx: ServiceContext): Promise<CheckInMaintenance[]> {
  const calendar = await loadMaintenanceCalendar(ctx, ctx.accountId);
  if (calendar.empty) return [];
  const now = ctx.clock.now().getTime();
  const found: CheckInMaintenance[] = [];
  for (const check of (await maintainedChecks(ctx.db, { accountId: ctx.accountId })).map(asMaintained)) {
    const open = calendar.openFor(check, now);
    if (open) found.push({ checkId: check.id, checkName: check.name, windowId: open.windowId, windowName: open.name, endsAt: new Date(open.end).toISOString() });
  }
  return found;
}


/** Occurrences overlapping [from, to) for each of the checks (status pages: current and upcoming maintenance). */
export async function maintenanceOfChecks(deps: { db: Db }, accountId: string, checkIds: readonly string[], from: number, to: number): Promise<Map<string, OpenMaintenance[]>> {
  const found = new Map<string, OpenMaintenance[]>();
  const calendar = await loadMaintenanceCalendar(deps, accountId);
  if (calendar.empty) return found;
  for (const check of await checksOf(deps.db, checkIds)) {
    const occurrences = check.accountId === accountId ? calendar.occurrencesFor(check, from, to) : [];
    if (occurrences.length > 0) found.set(check.id, occurrences);
  }
  return found;
}
