/**
 * The one set of date styles (Intl.DateTimeFormat options) every date a person reads is written in
 * (issue 31): the console (src-renderer/lib/date-time.ts) and the public status pages (their
 * server-rendered text and their local-time script) take them from here, so a window reads the
 * same on both. The locale is the reader's; the zone is the reader's, or UTC when chosen.
 */
export const DATE_STYLES = {
  /** "26 Nov 2026, 14:31:05" / "Nov 26, 2026, 2:31:05 PM": every moment in tables, lists and tooltips. */
  moment: { dateStyle: 'medium', timeStyle: 'medium' },
  /** "14:31" / "2:31 PM": chart ticks within a day, a moment of today. */
  clock: { hour: 'numeric', minute: '2-digit' },
  /** "14:31:05" / "2:31:05 PM": chart ticks less than a minute apart. */
  clockSeconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** "26 Nov, 14:31" / "Nov 26, 2:31 PM": chart ticks hours apart across days. */
  dayClock: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "26 Nov 2026, 14:31" / "Nov 26, 2026, 2:31 PM": a moment to the minute (maintenance windows, status pages). */
  minute: { dateStyle: 'medium', timeStyle: 'short' },
  /** "26 Nov" / "Nov 26": chart ticks across days, dense columns. */
  day: { month: 'short', day: 'numeric' },
  /** "26 Nov 2026": a day of another year. */
  date: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** Where a browser keeps the reader's choice of zone ("utc", else the reader's own): the console and the status pages share it on one origin. */
export const ZONE_STORAGE_KEY = 'sightline.timeZone';

/** "UTC+1", "UTC−3:30", "UTC" for an offset east of UTC in minutes. */
export function offsetLabel(minutesEast: number): string {
  if (minutesEast === 0) return 'UTC';
  const abs = Math.abs(minutesEast);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${minutesEast > 0 ? '+' : '−'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}
