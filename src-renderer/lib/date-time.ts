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
  /** "14:31" / "2:31 PM": chart ticks within a day, a moment of today. */
  clock: { hour: 'numeric', minute: '2-digit' },
  /** "14:31:05" / "2:31:05 PM": chart ticks less than a minute apart. */
  clockSeconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** "26 Nov, 14:31" / "Nov 26, 2:31 PM": chart ticks hours apart across days, maintenance windows. */
  dayClock: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "26 Nov 2026, 14:31" / "Nov 26, 2026, 2:31 PM": a moment to the minute (maintenance windows). */
  minute: { dateStyle: 'medium', timeStyle: 'short' },
  /** "26 Nov" / "Nov 26": chart ticks across days, dense columns. */
  day: { month: 'short', day: 'numeric' },
  /** "26 Nov 2026": a day of another year. */
  date: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

const formatters = new Map<DateStyle, Intl.DateTimeFormat>();

function formatter(style: DateStyle): Intl.DateTimeFormat {
  let found = formatters.get(style);
  if (!found) {
    found = new Intl.DateTimeFormat(undefined, { ...STYLES[style], ...(mode === 'utc' ? { timeZone: 'UTC' } : {}) });
    formatters.set(style, found);
  }
  return found;
}

const toDate = (value: number | string | Date) => (value instanceof Date ? value : new Date(value));

/** Epoch ms, an ISO string or a Date in the chosen style; "—" for nothing, the text itself when it is no date. */
export function formatAt(value: number | string | Date | null | undefined, style: DateStyle = 'moment'): string {
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

/** The zone's short name for labels: "UTC", or the browser's zone ("Europe/Berlin"). */
export function zoneName(): string {
  return mode === 'utc' ? 'UTC' : new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The value of a `datetime-local` input, which speaks wall-clock time without a zone: UTC's ("2026-05-20T12:00"). */
export function toUtcInput(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** The value of a `datetime-local` input in the chosen zone (the browser's or UTC). */
export function toZoneInput(value: number | string | null | undefined): string {
  if (mode === 'utc') return toUtcInput(value);
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch ms of a `datetime-local` input's value read in the chosen zone; null when it is no time. */
export function fromZoneInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(mode === 'utc' ? `${value}Z` : value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The browser's own zone ("Europe/Berlin"), whatever the chosen mode. */
export function browserZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
