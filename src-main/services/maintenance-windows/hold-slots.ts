import { transaction } from '../../db/connection';
import { maintenanceWindowsVersion } from '../../db/repositories/maintenance-windows';
import { stillLeads, updateSchedules } from '../../db/repositories/runs';
import type { Db } from '../../db/connection';
import type { ServiceDeps } from '../context';
import { loadMaintenanceCalendar, type MaintenanceCalendar } from './calendar';

const loaded = new WeakMap<Db, { version: number; calendar: MaintenanceCalendar }>();

/** Every account's windows, read again only after one was written (the scheduler asks on every tick). */
async function calendarOf(db: Db): Promise<MaintenanceCalendar> {
  const version = maintenanceWindowsVersion();
  const cached = loaded.get(db);
  if (cached && cached.version === version) return cached.calendar;
  const calendar = await loadMaintenanceCalendar({ db });
  loaded.set(db, { version, calendar });
  return calendar;
}

export interface DueSlot {
  plan: { checkId: string; accountId: string; checkNum: number; tags: readonly string[]; groupId: number | null };
  /** The slot's time: a slot is held when this falls inside an open window of the check. */
  plannedAt: number;
  nextRunAt: number;
}

/**
 * Splits the scheduler's due slots into those that run and those a maintenance window holds; the
 * held ones only get their next-run time written (no session: the check simply does not run).
 */
export async function holdSlotsInMaintenance<T extends DueSlot>(deps: ServiceDeps, due: readonly T[]): Promise<{ run: T[]; held: T[] }> {
  if (due.length === 0) return { run: [], held: [] };
  const calendar = await calendarOf(deps.db);
  if (calendar.empty) return { run: [...due], held: [] };
  const run: T[] = [];
  const held: T[] = [];
  for (const slot of due) {
    const check = { accountId: slot.plan.accountId, id: slot.plan.checkId, tags: slot.plan.tags, groupId: slot.plan.groupId };
    (calendar.openFor(check, slot.plannedAt) ? held : run).push(slot);
  }
  if (held.length > 0) {
    const fence = deps.runtime.leaderFence?.();
    await transaction(deps.db, async (tx) => {
      // A server that lost the lead moves no schedule (start-sessions.ts fences the same way).
      if (fence && !(await stillLeads(tx, fence))) return;
      await updateSchedules(tx, held.map((s) => ({ checkNum: s.plan.checkNum, nextRunAt: s.nextRunAt })));
    });
  }
  return { run, held };
}
