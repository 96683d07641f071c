import { useSyncExternalStore } from 'react';

/**
 * The console's one way of writing dates and times: the operator's locale (its order and 12/24-hour
 * clock), in the browser's time zone or UTC by choice (kept in localStorage). Charts and tables both
 * call these, so an axis and the row under it never disagree.
 */
export type ZoneMode = 'local' | 'utc';

const STORAGE_KEY = 'sightline.timeZone';
const listeners = new Set<() => void>();

function stored(): ZoneMode {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    return 'local';
  }
}

let mode: ZoneMode = stored();

export function zoneMode(): ZoneMode {
  return mode;
}

export function setZoneMode(next: ZoneMode): void {
  mode = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this tab only.
  }
  formatters.clear();
  for (const listener of listeners) listener();
}

/** The zone mode, re-rendering the caller when the operator switches it. */
export function useZoneMode(): ZoneMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    zoneMode,
    zoneMode,
  );
}

const STYLES = {
  /** "26 Nov 2026, 14:31:05" / "Nov 26, 2026, 2:31:05 PM": every moment in tables, lists and tooltips. */
  moment: { dateStyle: 'medium', timeStyle: 'medium' },
  /** "14:31" / "2:31 PM": chart ticks within a day. */
  clock: { hour: 'numeric', minute: '2-digit' },
  /** "26 Nov" / "Nov 26": chart ticks across days, dense columns. */
  day: { month: 'short', day: 'numeric' },
  /** "26 Nov 2026": a day of another year. */
  date: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<keyof typeof STYLES, Intl.DateTimeFormat>();

function formatter(style: keyof typeof STYLES): Intl.DateTimeFormat {
  let found = formatters.get(style);
  if (!found) {
    found = new Intl.DateTimeFormat(undefined, { ...STYLES[style], ...(mode === 'utc' ? { timeZone: 'UTC' } : {}) });
    formatters.set(style, found);
  }
  return found;
}

const toDate = (value: number | string | Date) => (value instanceof Date ? value : new Date(value));

/** Epoch ms, an ISO string or a Date in the chosen style; "—" for nothing, the text itself when it is no date. */
export function formatAt(value: number | string | Date | null | undefined, style: keyof typeof STYLES = 'moment'): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatter(style).format(date);
}

/** The calendar year of a moment in the chosen zone (for "this year" shortening). */
export function yearOf(value: number | string | Date): number {
  const date = toDate(value);
  return mode === 'utc' ? date.getUTCFullYear() : date.getFullYear();
}

/** "UTC+1", "UTC−3:30", "UTC" for the offset of the chosen zone at `at`. */
export function utcOffsetLabel(at: number): string {
  if (mode === 'utc') return 'UTC';
  const minutes = -new Date(at).getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${minutes > 0 ? '+' : '−'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** "times in Europe/Berlin (UTC+1)" or "times in UTC": what every time on the page is written in. */
export function zoneSentence(at: number): string {
  if (mode === 'utc') return 'times in UTC';
  const name = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `times in ${name} (${utcOffsetLabel(at)})`;
}
