import { Stack, Table, Text, Title } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import type { DurationScale } from '../../lib/duration-scale';
import { formatMoment } from '../dashboard/elapsed';
import { formatUptime, RANGE_LABELS, type MonitorStatsView } from './monitor-stats-display';

const COLUMNS = ['Location', 'Runs', 'Failed', 'Uptime', 'p50'];

/** Uptime and p50 per run location over the range's raw results. */
export function MonitorLocations({ stats, scale }: { stats: MonitorStatsView; scale: DurationScale }) {
  const formatResponseTime = scale.format;
  // Runs whose raw results were pruned are only in the hourly totals, which know no location.
  const partial = stats.locations.reduce((n, location) => n + location.runs, 0) < stats.uptime.runs;
  return (
    <Stack gap={4}>
      <Title order={4}>By location</Title>
      {stats.locations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No runs in {RANGE_LABELS[stats.range].long}.
        </Text>
      ) : (
        <DenseTable label="By location" columns={COLUMNS} hiddenColumn={null} verticalSpacing={4}>
          {stats.locations.map((location) => (
            <Table.Tr key={location.location}>
              <Table.Td ff="monospace">{location.location}</Table.Td>
              <Table.Td>{location.runs.toLocaleString()}</Table.Td>
              <Table.Td c={location.failed > 0 ? 'red' : undefined}>{location.failed.toLocaleString()}</Table.Td>
              <Table.Td>{formatUptime(location.uptimePercent)}</Table.Td>
              <Table.Td ff="monospace">{stats.locationsApproximate && location.p50Us !== null ? `≈ ${formatResponseTime(location.p50Us)}` : formatResponseTime(location.p50Us)}</Table.Td>
            </Table.Tr>
          ))}
        </DenseTable>
      )}
      {(partial || stats.locationsApproximate) && (
        <Text size="xs" c="dimmed">
          {partial && `From ${formatMoment(stats.locationsSince)}: older runs are kept only as hourly totals per monitor. `}
          {stats.locationsApproximate && '≈ Each p50 is ranked over a sample of the runs; the counts and uptime are exact.'}
        </Text>
      )}
    </Stack>
  );
}
