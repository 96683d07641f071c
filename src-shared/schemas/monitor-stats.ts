import { z } from 'zod';

/** The time ranges of a monitor's page, as they appear in its address (`?range=7d`). */
export const STATS_RANGES = ['1h', '6h', '24h', '7d', '30d', '90d'] as const;
export const StatsRange = z.enum(STATS_RANGES, { message: `must be one of ${STATS_RANGES.join(', ')}` });
export type StatsRange = z.infer<typeof StatsRange>;

const HOUR = 3_600_000;

export const STATS_RANGE_MS: Record<StatsRange, number> = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
  '90d': 90 * 24 * HOUR,
};

export const DEFAULT_STATS_RANGE: StatsRange = '24h';

/** The ranges a monitor's page may open on when none is asked for, shortest first. */
const FITTING_RANGES = ['1h', '6h', '24h'] as const satisfies readonly StatsRange[];

/**
 * The range that fits a monitor's data: the shortest quick range that covers its age (since it was
 * created or first ran, whichever is older), at most 24 h, so a new monitor's chart is not a sliver.
 */
export function fittingStatsRange(ageMs: number): StatsRange {
  return FITTING_RANGES.find((range) => STATS_RANGE_MS[range] >= ageMs) ?? DEFAULT_STATS_RANGE;
}

/** The range named in an address, or undefined (the range that fits the monitor's data) for anything else. */
export function statsRangeOf(value: string | null | undefined): StatsRange | undefined {
  const parsed = StatsRange.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Without `range` the server picks the one that fits the monitor's data (fittingStatsRange) and answers which. */
export const MonitorStatsQuery = z.object({ checkId: z.string().min(1), range: StatsRange.optional() });
export type MonitorStatsQuery = z.infer<typeof MonitorStatsQuery>;

/** What the console shows of a monitor: the same precedence everywhere (paused wins, then the latest FINAL verdict). */
export const MONITOR_HEALTHS = ['passing', 'failing', 'degraded', 'paused', 'not-run'] as const;
export type MonitorHealthState = (typeof MONITOR_HEALTHS)[number];

/** Response-time statistics in µs; null where nothing was measured. */
export interface ResponseStatsUs {
  avgUs: number | null;
  p50Us: number | null;
  p95Us: number | null;
  p99Us: number | null;
}

/** One point of the response-time chart: the runs that started in [at, at + bucketMs). */
export interface StatsBucket {
  at: number;
  runs: number;
  failed: number;
  degraded: number;
  /** Runs with a measured response time; the µs figures are over these (null when 0). */
  timed: number;
  minUs: number | null;
  avgUs: number | null;
  maxUs: number | null;
  p50Us: number | null;
  p95Us: number | null;
}

/** A failure in the range: one failed run (raw ranges) or the failed runs of one chart period (rollup ranges). */
export interface StatsFailure {
  at: number;
  until: number;
  failed: number;
  location: string | null;
  error: string | null;
  checkResultId: string | null;
}

export interface LocationStats {
  location: string;
  runs: number;
  failed: number;
  uptimePercent: number | null;
  p50Us: number | null;
}

export interface MonitorStats {
  checkId: string;
  range: StatsRange;
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  /** Where the monitor's data starts within the range (its creation or first run, whichever is older); `from` for an older monitor. */
  dataFrom: number;
  /** `raw`: every result of the range; `rollups`: closed hours from the hourly rollups, the open hours from raw results. */
  source: 'raw' | 'rollups';
  bucketMs: number;
  uptime: { percent: number | null; runs: number; passed: number; degraded: number; failed: number; skipped: number; cancelled: number };
  responseTime: ResponseStatsUs & {
    /** True when the percentiles combine hourly percentiles (weighted by each hour's timed runs) rather than ranking every run. */
    approximate: boolean;
  };
  series: StatsBucket[];
  /** Newest first, at most 50; `failuresTotal` counts every failed run of the range. */
  failures: StatsFailure[];
  failuresTotal: number;
  locations: LocationStats[];
  /** The first raw result the per-location figures could use (older runs are kept only as hourly totals per check). */
  locationsSince: number | null;
  /** True when each location's p50 is ranked over a sample of its runs (about 20,000 in all) rather than every run; counts are exact. */
  locationsApproximate: boolean;
}

/** A monitor's current state and since when it has held it (epoch ms; null when unknown or never ran). */
export interface MonitorState {
  health: MonitorHealthState;
  since: number | null;
  lastRunAt: number | null;
  /** Its state keeps changing: notifications wait until it is stable (rules/flapping.ts). */
  flapping: boolean;
}
