import type { StatsRange } from '../../../src-shared/schemas/monitor-stats';
import { durationScale, largestUs, type DurationScale } from '../../lib/duration-scale';
import type { RouterOutputs } from '../../lib/trpc';

export type MonitorStatsView = RouterOutputs['monitorStats']['get'];

export const RANGE_LABELS: Record<StatsRange, { short: string; long: string }> = {
  '1h': { short: '1 h', long: 'the last hour' },
  '6h': { short: '6 h', long: 'the last 6 hours' },
  '24h': { short: '24 h', long: 'the last 24 hours' },
  '7d': { short: '7 d', long: 'the last 7 days' },
  '30d': { short: '30 d', long: 'the last 30 days' },
  '90d': { short: '90 d', long: 'the last 90 days' },
};

export { formatUptime } from '../../lib/number-format';

/** How the range's percentiles were derived, for the stats' hint and the note under them. */
export const APPROXIMATE_PERCENTILES =
  'Closed hours are read from hourly rollups: the percentiles of the range are each hour\'s percentile averaged, weighted by the hour\'s timed runs. An approximation: a tail (p95, p99) reads low when a few hours were much slower than the rest.';

/** The one unit of the monitor's figures, chart and locations, from the largest of them. */
export function pageScale(stats: MonitorStatsView, wholeMs: boolean): DurationScale {
  const rt = stats.responseTime;
  return durationScale(
    largestUs([rt.p50Us, rt.p95Us, rt.p99Us, ...stats.series.flatMap((bucket) => [bucket.p50Us, bucket.p95Us]), ...stats.locations.map((location) => location.p50Us)]),
    wholeMs,
  );
}
