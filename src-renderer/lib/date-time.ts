import { useSyncExternalStore } from 'react';
import { DATE_STYLES, type DateStyle, offsetLabel, ZONE_STORAGE_KEY } from '../../src-shared/rules/date-styles';

/**
 * The console's one way of writing dates and times: the operator's locale (its order and 12/24-hour
 * clock), in the browser's time zone or UTC by choice (kept in localStorage). Charts and tables both
 * call these, so an axis and the row under it never disagree.
 */
export type ZoneMode = 'local' | 'utc';

const STORAGE_KEY = ZONE_STORAGE_KEY;
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

/** The styles are shared with the public status pages (src-shared/rules/date-styles.ts). */
const STYLES = DATE_STYLES;

export type { DateStyle };

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
  return offsetLabel(-new Date(at).getTimezoneOffset());
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

/** The value of a `datetime-local` input in the chosen zone (the browser's or UTC), or in `zone`. */
export function toZoneInput(value: number | string | null | undefined, zone: ZoneMode = mode): string {
  if (zone === 'utc') return toUtcInput(value);
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch ms of a `datetime-local` input's value read in the chosen zone (or `zone`); null when it is no time. */
export function fromZoneInput(value: string, zone: ZoneMode = mode): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(zone === 'utc' ? `${value}Z` : value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * A `datetime-local` input's value, read in the chosen zone (or `zone`), as the API stores moments
 * (ISO 8601 in UTC, "2026-05-20T06:30:00.000Z"); anything that is no time is passed on as typed, so
 * the API's schema refuses it naming the field.
 */
export function zoneInputToIso(value: string, zone: ZoneMode = mode): string {
  const ms = fromZoneInput(value, zone);
  return ms === null ? value : new Date(ms).toISOString();
}

/** The same wall-clock input moved from one zone to the other (the moment it names stays). */
export function reZoneInput(value: string, from: ZoneMode, to: ZoneMode): string {
  const ms = fromZoneInput(value, from);
  return ms === null ? value : toZoneInput(ms, to);
}

/** The next whole hour after `nowMs` on the chosen zone's clock (a half-hour zone's too). */
export function nextWholeHour(nowMs: number): number {
  if (mode === 'utc') return Math.ceil(nowMs / 3_600_000) * 3_600_000;
  const d = new Date(nowMs);
  if (d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0) return nowMs;
  d.setMinutes(60, 0, 0);
  return d.getTime();
}

/** The browser's own zone ("Europe/Berlin"), whatever the chosen mode. */
export function browserZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
