import { Anchor, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ChartBand, ChartSeries } from '../../components/time-series-chart';
import { TimeZoneNote } from '../../components/time-zone-note';
import type { DurationScale } from '../../lib/duration-scale';
import { formatMoment } from '../dashboard/elapsed';
import { resultPath } from '../results/result-display';
import { RANGE_LABELS, type MonitorStatsView } from './monitor-stats-display';
import { loadChart, loadedChart, type ChartModule } from './chart-module';

// Once loaded the chart renders with the figures (a Suspense boundary would hold it back a while).
function useChartModule(): ChartModule | null {
  const [module, setModule] = useState(loadedChart);
  useEffect(() => {
    if (!module) void loadChart().then(setModule);
  }, [module]);
  return module;
}

const P50_COLOR = '#12b886';
const P95_COLOR = '#fd7e14';

function failureText(failure: MonitorStatsView['failures'][number], bucketMs: number): string {
  const when = failure.checkResultId !== null || bucketMs < 3_600_000 ? formatMoment(failure.at) : `${formatMoment(failure.at)} – ${formatMoment(failure.until)}`;
  const runs = failure.checkResultId !== null ? 'failed' : `${failure.failed} failed ${failure.failed === 1 ? 'run' : 'runs'}`;
  return [when, runs, failure.location, failure.error].filter(Boolean).join(' · ');
}

/** The failures of the range, newest first: each failed run (1 h, 24 h) or each period with failures (longer ranges). */
function FailureList({ stats }: { stats: MonitorStatsView }) {
  if (stats.failuresTotal === 0) {
    return (
      <Text size="sm" c="dimmed">
        No failed runs in {RANGE_LABELS[stats.range].long}.
      </Text>
    );
  }
  const listedRuns = stats.failures.reduce((n, failure) => n + failure.failed, 0);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c="red">
        {stats.failuresTotal} failed {stats.failuresTotal === 1 ? 'run' : 'runs'} in {RANGE_LABELS[stats.range].long}
        {listedRuns < stats.failuresTotal ? `; the newest ${stats.failures.length} ${stats.source === 'raw' ? 'runs' : 'periods'} are listed` : ''}
      </Text>
      <List size="sm" spacing={2} aria-label="Failures" icon={<Text span c="red" fw={700} aria-hidden>✕</Text>}>
        {stats.failures.map((failure) => (
          <List.Item key={`${failure.at}-${failure.checkResultId ?? ''}`}>
            {failureText(failure, stats.bucketMs)}
            {failure.checkResultId && (
              <>
                {' · '}
                {/* Underlined: beside the failure's words, colour alone does not tell a link (dark mode's contrast fell short; WCAG 1.4.1). */}
                <Anchor component={Link} to={resultPath(stats.checkId, failure.checkResultId)} size="sm" underline="always">
                  Open result
                </Anchor>
              </>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * Response time over the range (p50 and p95 per bucket, from µs), with failures drawn as red bands
 * at their time — never as 0 ms points — and listed under the chart.
 */
export function MonitorResponseChart({ stats, scale }: { stats: MonitorStatsView; scale: DurationScale }) {
  const chartModule = useChartModule();
  const chart = useMemo(() => {
    const times = stats.series.map((bucket) => bucket.at / 1000);
    const series: ChartSeries[] = [
      { label: 'p50', values: stats.series.map((bucket) => bucket.p50Us), color: P50_COLOR },
      { label: 'p95', values: stats.series.map((bucket) => bucket.p95Us), color: P95_COLOR, width: 1, dash: [4, 4] },
    ];
    const bands: ChartBand[] = stats.series
      .filter((bucket) => bucket.failed > 0)
      .map((bucket) => ({ from: bucket.at / 1000, to: (bucket.at + stats.bucketMs) / 1000, weight: bucket.failed / bucket.runs }));
    // From where the data starts, so a monitor younger than the range fills the chart rather than its right edge.
    const xRange: [number, number] = [Math.min(stats.dataFrom, stats.series[0]?.at ?? stats.dataFrom) / 1000, stats.to / 1000];
    return { times, series, bands, xRange };
  }, [stats]);
  const periods = chart.bands.length;
  const label = `Response time chart, ${RANGE_LABELS[stats.range].long}: ${chart.times.length} points, ${periods} ${periods === 1 ? 'period' : 'periods'} with failures marked`;
  return (
    <Stack gap={4}>
      <Title order={4}>Response time</Title>
      {stats.series.length === 0 ? (
        <Text size="sm" c="dimmed">
          No runs in {RANGE_LABELS[stats.range].long} to chart.
        </Text>
      ) : chartModule ? (
        <chartModule.TimeSeriesChart times={chart.times} series={chart.series} bands={chart.bands} xRange={chart.xRange} label={label} formatValue={scale.format} formatTicks={scale.axis} minStep={scale.minStep} />
      ) : (
        <Loader size="sm" role="status" aria-label="Loading chart" />
      )}
      <TimeZoneNote />
      <FailureList stats={stats} />
    </Stack>
  );
}
