import { Box, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimePoint {
  /** UNIX seconds. */
  time: number;
  /** null draws a gap (e.g. a run that produced no timing). */
  value: number | null;
}

interface TimeSeriesChartProps {
  points: readonly TimePoint[];
  /** The series name, also the chart's accessible label. */
  label: string;
  unit: string;
  height?: number;
  color?: string;
}

/** One line over time, drawn with uPlot; the chart is rebuilt when the data, size or colour scheme changes. */
export function TimeSeriesChart({ points, label, unit, height = 220, color = '#12b886' }: TimeSeriesChartProps) {
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const element = target.current;
    if (!element || width <= 0) return;
    const axisColor = scheme === 'dark' ? '#c1c2c5' : '#495057';
    const gridColor = scheme === 'dark' ? '#373a40' : '#e9ecef';
    const axis = { stroke: axisColor, grid: { stroke: gridColor, width: 1 }, ticks: { stroke: gridColor, width: 1 } };
    const data: uPlot.AlignedData = [points.map((p) => p.time), points.map((p) => p.value)];
    const chart = new uPlot(
      {
        width: Math.floor(width),
        height,
        legend: { show: true },
        cursor: { drag: { x: true, y: false } },
        scales: { x: { time: true } },
        axes: [axis, { ...axis, label: unit, values: (_u, ticks) => ticks.map((tick) => `${tick}`) }],
        series: [{}, { label, stroke: color, width: 2, points: { show: true, size: 5 }, value: (_u, v) => (v === null ? '—' : `${v} ${unit}`) }],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [points, width, height, scheme, label, unit, color]);

  return (
    <Box ref={sizeRef} w="100%">
      <div ref={target} role="img" aria-label={`${label} chart, ${points.length} points`} />
    </Box>
  );
}
