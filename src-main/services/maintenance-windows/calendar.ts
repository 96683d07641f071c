import type { Db } from '../../db/connection';
import { listAllMaintenanceWindows, listMaintenanceWindows } from '../../db/repositories/maintenance-windows';
import { ALL_CHECKS, occurrenceAt, occurrencesBetween, windowTargets, type MaintenanceTargets, type MaintenanceTiming } from '../../../src-shared/rules/maintenance';
import { timingOf } from './read';

/** One occurrence of a window, as the scheduler, the console and status pages show it. */
export interface OpenMaintenance {
  windowId: number;
  name: string;
  start: number;
  end: number;
}

export interface MaintainedCheck {
  accountId: string;
  id: string;
  /** Its effective tags: the check's and its group's. */
  tags: readonly string[];
  groupId: number | null;
}

interface LoadedWindow extends MaintenanceTargets {
  id: number;
  accountId: string;
  name: string;
  timing: MaintenanceTiming;
}

export interface MaintenanceCalendar {
  readonly empty: boolean;
  /** The window open for the check at t (the one ending last when several are), or null. */
  openFor(check: MaintainedCheck, t: number): OpenMaintenance | null;
  /** Occurrences of the check's windows overlapping [from, to), earliest first. */
  occurrencesFor(check: MaintainedCheck, from: number, to: number): OpenMaintenance[];
}

/** The windows of one account, or of all of them (the scheduler); read once, asked many times. */
export async function loadMaintenanceCalendar(deps: { db: Db }, accountId?: string): Promise<MaintenanceCalendar> {
  const rows = accountId === undefined ? await listAllMaintenanceWindows(deps.db) : await listMaintenanceWindows(deps.db, accountId);
  const windows: LoadedWindow[] = rows.map((row) => ({ id: row.id, accountId: row.accountId, name: row.name, tags: row.tags, checkIds: row.checkIds, groupIds: row.groupIds, timing: timingOf(row) }));
  // Indexed by what they target, so a tick with many due checks and many windows looks at few of them.
  const index = new Map<string, LoadedWindow[]>();
  const add = (key: string, w: LoadedWindow) => index.set(key, [...(index.get(key) ?? []), w]);
  for (const w of windows) {
    for (const tag of new Set(w.tags)) add(`${w.accountId}\0t\0${tag}`, w);
    for (const id of new Set(w.checkIds)) add(`${w.accountId}\0c\0${id}`, w);
    for (const id of new Set(w.groupIds)) add(`${w.accountId}\0g\0${id}`, w);
  }
  const of = (check: MaintainedCheck): LoadedWindow[] => {
    const keys = [...check.tags.map((tag) => `t\0${tag}`), `c\0${check.id}`, `c\0${ALL_CHECKS}`, ...(check.groupId === null ? [] : [`g\0${check.groupId}`])];
    const found = new Set<LoadedWindow>();
    for (const key of keys) for (const w of index.get(`${check.accountId}\0${key}`) ?? []) found.add(w);
    return [...found].filter((w) => windowTargets(w, check));
  };
  return {
    empty: windows.length === 0,
    openFor(check, t) {
      let open: OpenMaintenance | null = null;
      for (const w of of(check)) {
        const o = occurrenceAt(w.timing, t);
        if (o && (!open || o.end > open.end)) open = { windowId: w.id, name: w.name, start: o.start, end: o.end };
      }
      return open;
    },
    occurrencesFor(check, from, to) {
      return of(check)
        .flatMap((w) => occurrencesBetween(w.timing, from, to).map((o) => ({ windowId: w.id, name: w.name, start: o.start, end: o.end })))
        .sort((a, b) => a.start - b.start || a.windowId - b.windowId);
    },
  };
}
