import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { TimePoint } from '../../components/time-series-chart';
import { useTRPC } from '../../lib/trpc';
import { timingMs } from '../results/result-display';

const CHART_RESULTS = 100;

// uPlot loads with the first chart, not with the console.
const TimeSeriesChart = lazy(() => import('../../components/time-series-chart').then((module) => ({ default: module.TimeSeriesChart })));

/** Response time (ICMP: average latency) of the last FINAL results in the API's 6-hour window, oldest on the left. */
export function MonitorResponseChart({ checkId }: { checkId: string }) {
  const trpc = useTRPC();
  const results = useQuery(trpc.checkResults.list.queryOptions({ checkId, query: { limit: CHART_RESULTS, page: 1, resultType: 'FINAL' } }));
  const points = useMemo<TimePoint[]>(
    () =>
      [...(results.data?.items ?? [])]
        .map((result) => ({ time: Date.parse(result.startedAt) / 1000, value: timingMs(result) }))
        .sort((a, b) => a.time - b.time),
    [results.data],
  );
  return (
    <Stack gap={4}>
      <Title order={4}>Response time</Title>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          {results.isPending ? 'Loading…' : 'No results in the last 6 hours to chart.'}
        </Text>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading chart" />}>
          <TimeSeriesChart points={points} label="Response time" unit="ms" />
        </Suspense>
      )}
    </Stack>
  );
}
