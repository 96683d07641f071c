/**
 * When a maintenance window is open, in UTC: a window opens at startsAt for (endsAt - startsAt),
 * and a recurring one again every repeatInterval × repeatUnit after its first start, as long as an
 * occurrence starts at or before repeatEndsAt (docs/DECISIONS.md, "Maintenance windows").
 */
export const MAINTENANCE_REPEAT_UNITS = ['DAY', 'WEEK', 'MONTH'] as const;
export type MaintenanceRepeatUnit = (typeof MAINTENANCE_REPEAT_UNITS)[number];

export interface MaintenanceTiming {
  startsAt: number;
  endsAt: number;
  repeatInterval: number | null;
  repeatUnit: MaintenanceRepeatUnit | null;
  repeatEndsAt: number | null;
}

export interface Occurrence {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

/** The shortest length of one repeat period: an occurrence must be shorter, or it would overlap the next. */
export function shortestPeriodMs(unit: MaintenanceRepeatUnit, interval: number): number {
  if (unit === 'DAY') return interval * DAY_MS;
  if (unit === 'WEEK') return interval * 7 * DAY_MS;
  return interval * 28 * DAY_MS;
}

/** The k-th start; a month without the first start's day takes its last day (Jan 31 → Feb 28). */
function startOf(w: MaintenanceTiming, k: number): number {
  const interval = w.repeatInterval ?? 1;
  if (w.repeatUnit === 'DAY' || w.repeatUnit === 'WEEK') return w.startsAt + k * shortestPeriodMs(w.repeatUnit, interval);
  const first = new Date(w.startsAt);
  const month = first.getUTCMonth() + k * interval;
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const day = Math.min(first.getUTCDate(), lastDay);
  return Date.UTC(first.getUTCFullYear(), month, day) + (w.startsAt - Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate()));
}

function occurrence(w: MaintenanceTiming, k: number): Occurrence | null {
  if (k < 0) return null;
  if (w.repeatUnit === null) return k === 0 ? { start: w.startsAt, end: w.endsAt } : null;
  const start = startOf(w, k);
  if (w.repeatEndsAt !== null && start > w.repeatEndsAt) return null;
  return { start, end: start + (w.endsAt - w.startsAt) };
}

/** Index of the last occurrence starting at or before t (maybe past repeatEndsAt; the caller checks). */
function indexAt(w: MaintenanceTiming, t: number): number {
  if (w.repeatUnit === null || t < w.startsAt) return 0;
  const interval = w.repeatInterval ?? 1;
  if (w.repeatUnit !== 'MONTH') return Math.floor((t - w.startsAt) / shortestPeriodMs(w.repeatUnit, interval));
  const a = new Date(w.startsAt);
  const b = new Date(t);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  let k = Math.max(0, Math.floor(months / interval));
  while (k > 0 && startOf(w, k) > t) k--;
  return k;
}

/** The occurrence open at t (start ≤ t < end), or null. */
export function occurrenceAt(w: MaintenanceTiming, t: number): Occurrence | null {
  if (t < w.startsAt) return null;
  const o = occurrence(w, indexAt(w, t));
  return o && o.start <= t && t < o.end ? o : null;
}

/** Occurrences overlapping [from, to), earliest first, at most `max` of them. */
export function occurrencesBetween(w: MaintenanceTiming, from: number, to: number, max = 50): Occurrence[] {
  const found: Occurrence[] = [];
  for (let k = Math.max(0, indexAt(w, from) - 1); found.length < max; k++) {
    const o = occurrence(w, k);
    if (!o || o.start >= to) break;
    if (o.end > from) found.push(o);
  }
  return found;
}

/** What a window applies to: any of its tags among the check's (its group's included), or the check or its group named. */
export interface MaintenanceTargets {
  tags: readonly string[];
  checkIds: readonly string[];
  groupIds: readonly number[];
}

/** In a window's checkIds: every check of the account (the desktop tray's "Pause all alerts"). No check id is "*". */
export const ALL_CHECKS = '*';

export function windowTargets(w: MaintenanceTargets, check: { id: string; tags: readonly string[]; groupId: number | null }): boolean {
  if (w.checkIds.includes(check.id) || w.checkIds.includes(ALL_CHECKS)) return true;
  if (check.groupId !== null && w.groupIds.includes(check.groupId)) return true;
  return w.tags.some((tag) => check.tags.includes(tag));
}
