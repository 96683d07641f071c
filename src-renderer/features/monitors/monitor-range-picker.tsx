import { SegmentedControl } from '@mantine/core';
import { STATS_RANGES, type StatsRange } from '../../../src-shared/schemas/monitor-stats';
import { RANGE_LABELS } from './monitor-stats-display';

const DATA = STATS_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range].short }));

/** The time range of the monitor's figures (kept in the address as `?range=`). */
export function MonitorRangePicker({ value, onChange }: { value: StatsRange | null; onChange: (range: StatsRange) => void }) {
  return <SegmentedControl size="xs" aria-label="Time range" data={DATA} value={value ?? ''} onChange={(next) => onChange(next as StatsRange)} />;
}
