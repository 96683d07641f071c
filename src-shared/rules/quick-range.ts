/** The public API's named analytics windows; weeks start on Monday, all in UTC. */
export const QUICK_RANGES = ['last24Hours', 'last7Days', 'last30Days', 'thisWeek', 'thisMonth', 'lastWeek', 'lastMonth'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** The ranges the batch endpoint (`POST /v1/analytics/checks`) accepts. */
export const BATCH_QUICK_RANGES = ['last24Hours', 'last7Days', 'thisWeek', 'lastWeek', 'lastMonth'] as const satisfies readonly QuickRange[];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function startOfDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

function startOfWeek(ms: number): number {
  const day = startOfDay(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY;
}

function startOfMonth(ms: number, monthsBack = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1);
}

/** [from, to) in epoch ms for a named range at `nowMs`. */
export function quickRangeWindow(range: QuickRange, nowMs: number): { from: number; to: number } {
  switch (range) {
    case 'last24Hours':
      return { from: nowMs - DAY, to: nowMs };
    case 'last7Days':
      return { from: nowMs - 7 * DAY, to: nowMs };
    case 'last30Days':
      return { from: nowMs - 30 * DAY, to: nowMs };
    case 'thisWeek':
      return { from: startOfWeek(nowMs), to: nowMs };
    case 'thisMonth':
      return { from: startOfMonth(nowMs), to: nowMs };
    case 'lastWeek':
      return { from: startOfWeek(nowMs) - 7 * DAY, to: startOfWeek(nowMs) };
    case 'lastMonth':
      return { from: startOfMonth(nowMs, 1), to: startOfMonth(nowMs) };
  }
}
