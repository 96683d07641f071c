import { useContext, useMemo } from 'react';
import { DurationScaleContext } from '../../lib/duration-scale';
import { Group, Stack, Title } from '@mantine/core';
import type { StatsRange } from '../../../src-shared/schemas/monitor-stats';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { MonitorLocations } from './monitor-locations';
import { MonitorRangePicker } from './monitor-range-picker';
import { MonitorRangeStats } from './monitor-range-stats';
import { MonitorResponseChart } from './monitor-response-chart';
import { pageScale, RANGE_LABELS } from './monitor-stats-display';
import { useMonitorStats } from './use-monitor-stats';

interface MonitorPerformanceProps {
  checkId: string;
  /** Undefined: the range the server finds fits the monitor's data. */
  range: StatsRange | undefined;
  onRangeChange: (range: StatsRange) => void;
  /** The monitor's response times are stored in whole milliseconds (every type but ICMP). */
  wholeMs: boolean;
}

/** Uptime, response times, failures and locations over the chosen range, from one server-side query. */
export function MonitorPerformance({ checkId, range, onRangeChange, wholeMs }: MonitorPerformanceProps) {
  const stats = useMonitorStats(checkId, range);
  const shown = range ?? stats.data?.range;
  // The page's unit when the page chose one (it also writes the recent results), else this section's own.
  const pageWide = useContext(DurationScaleContext);
  const own = useMemo(() => (stats.data ? pageScale(stats.data, wholeMs) : null), [stats.data, wholeMs]);
  const scale = pageWide ?? own;
  return (
    <Stack gap="md" role="region" aria-label="Performance">
      <Group justify="space-between" align="center">
        <Title order={3}>{shown ? `Over ${RANGE_LABELS[shown].long}` : 'Over time'}</Title>
        <MonitorRangePicker value={shown ?? null} onChange={onRangeChange} />
      </Group>
      {stats.isError && <QueryError title="The monitor's figures could not be loaded" error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.isPending && <LoadingBlock label="Loading figures" />}
      {stats.data && scale && (
        <Stack gap="md" opacity={stats.isPlaceholderData ? 0.6 : 1} aria-busy={stats.isPlaceholderData}>
          <MonitorRangeStats stats={stats.data} scale={scale} />
          <MonitorResponseChart stats={stats.data} scale={scale} />
          <MonitorLocations stats={stats.data} scale={scale} />
        </Stack>
      )}
    </Stack>
  );
}
