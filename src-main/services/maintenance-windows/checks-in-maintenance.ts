import type { Db } from '../../db/connection';
import { maintainedChecks } from '../../db/repositories/maintenance-windows';
import { loadMaintenanceCalendar, type MaintainedCheck, type OpenMaintenance } from './calendar';

function groupTags(body: Record<string, unknown> | null): string[] {
  const tags = body?.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

function checksOf(db: Db, checkIds: readonly string[]): MaintainedCheck[] {
  return maintainedChecks(db, checkIds).map((row) => ({ accountId: row.accountId, id: row.id, groupId: row.groupId, tags: [...row.tags, ...groupTags(row.groupBody)] }));
}

/** The window open at `at` for each of the checks that has one (the Monitors list, dashboard, monitor page). */
export function openMaintenanceOfChecks(deps: { db: Db }, accountId: string, checkIds: readonly string[], at: number): Map<string, OpenMaintenance> {
  const open = new Map<string, OpenMaintenance>();
  const calendar = loadMaintenanceCalendar(deps, accountId);
  if (calendar.empty) return open;
  for (const check of checksOf(deps.db, checkIds)) {
    const found = check.accountId === accountId ? calendar.openFor(check, at) : null;
    if (found) open.set(check.id, found);
  }
  return open;
}

/** Occurrences overlapping [from, to) for each of the checks (status pages: current and upcoming maintenance). */
export function maintenanceOfChecks(deps: { db: Db }, accountId: string, checkIds: readonly string[], from: number, to: number): Map<string, OpenMaintenance[]> {
  const found = new Map<string, OpenMaintenance[]>();
  const calendar = loadMaintenanceCalendar(deps, accountId);
  if (calendar.empty) return found;
  for (const check of checksOf(deps.db, checkIds)) {
    const occurrences = check.accountId === accountId ? calendar.occurrencesFor(check, from, to) : [];
    if (occurrences.length > 0) found.set(check.id, occurrences);
  }
  return found;
}
