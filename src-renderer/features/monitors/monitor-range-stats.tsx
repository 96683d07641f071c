import { Stack, Text } from '@mantine/core';
import { StatGrid, type Stat } from '../../components/stat-grid';
import type { DurationScale } from '../../lib/duration-scale';
import { APPROXIMATE_PERCENTILES, formatUptime, RANGE_LABELS, type MonitorStatsView } from './monitor-stats-display';

/** Uptime and response-time percentiles of the range, as the server computed them. */
export function MonitorRangeStats({ stats, scale }: { stats: MonitorStatsView; scale: DurationScale }) {
  const rt = stats.responseTime;
  const formatResponseTime = scale.format;
  const approx = rt.approximate;
  const time = (us: number | null) => (approx && us !== null ? `≈ ${formatResponseTime(us)}` : formatResponseTime(us));
  const hint = approx ? APPROXIMATE_PERCENTILES : undefined;
  const { uptime } = stats;
  const items: Stat[] = [
    {
      label: 'Uptime',
      value: formatUptime(uptime.percent),
      color: uptime.percent !== null && uptime.percent < 100 ? 'red' : undefined,
      hint: 'Passed and degraded runs over every run with a verdict; skipped and cancelled runs count neither way.',
    },
    { label: 'p50', value: time(rt.p50Us), hint },
    { label: 'p95', value: time(rt.p95Us), hint },
    { label: 'p99', value: time(rt.p99Us), hint },
    { label: 'Runs', value: uptime.runs.toLocaleString() },
    { label: 'Failed runs', value: uptime.failed.toLocaleString(), color: uptime.failed > 0 ? 'red' : undefined },
  ];
  return (
    <Stack gap={4}>
      <StatGrid stats={items} label={`Figures of ${RANGE_LABELS[stats.range].long}`} />
      {approx && (
        <Text size="xs" c="dimmed">
          ≈ {APPROXIMATE_PERCENTILES}
        </Text>
      )}
    </Stack>
  );
}
