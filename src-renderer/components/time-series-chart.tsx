import { Box, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAt, useZoneMode, type DateStyle } from '../lib/date-time';

/** One line of the chart; `values` line up with the chart's `times`. A null value draws a gap. */
export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  color: string;
  width?: number;
  dash?: number[];
}

/** A period drawn as a red band behind the lines (failures); times in UNIX seconds, `weight` 0..1 sets its strength. */
export interface ChartBand {
  from: number;
  to: number;
  weight: number;
}

interface TimeSeriesChartProps {
  /** UNIX seconds, ascending. */
  times: readonly number[];
  series: readonly ChartSeries[];
  bands?: readonly ChartBand[];
  /** The whole period shown, UNIX seconds, even where no point falls. */
  xRange?: [number, number];
  /** The chart's accessible name. */
  label: string;
  /** Legend values (and axis ticks unless `formatTicks` is given). */
  formatValue: (value: number) => string;
  /** All the y axis's tick labels at once, so they can share one unit and precision. */
  formatTicks?: (ticks: readonly number[]) => string[];
  /** The smallest step between value ticks: a series held in whole units (ms) has no ticks between them. */
  minStep?: number;
  height?: number;
}

const BAND_RGB = '250, 82, 82';
const MIN_BAND_PX = 2;

/** Lines over time, drawn with uPlot; rebuilt when the data, size or colour scheme changes. */
const DAY_S = 86_400;
// Tick steps in units of minStep: 1, 2, 5 × 10ⁿ, as uPlot's own.
const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/** uPlot places time ticks on the hours and days of this zone; the labels come from the console's one formatter. */
const utcDate = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');

/**
 * The time ticks' labels: as fine as the step between ticks (seconds below a minute, the day beside
 * the clock for ticks hours apart across days), and a label equal to the one before it is left out,
 * so no time is written twice.
 */
export function timeTickLabels(ticks: readonly number[], spanS: number): string[] {
  const step = ticks.length > 1 ? Math.abs((ticks[1] as number) - (ticks[0] as number)) : spanS;
  const style: DateStyle = step < 60 ? 'clockSeconds' : step < DAY_S ? (spanS >= DAY_S ? 'dayClock' : 'clock') : 'day';
  let previous = '';
  return ticks.map((tick) => {
    const label = formatAt(tick * 1000, style);
    if (label === previous) return '';
    previous = label;
    return label;
  });
}

/** Minimum pixels between time ticks: room for the widest label of the style uPlot will use. */
const timeTickSpace = (spanS: number) => (spanS >= DAY_S ? 110 : 80);

export function TimeSeriesChart({ times, series, bands = [], xRange, label, formatValue, formatTicks, minStep, height = 240 }: TimeSeriesChartProps) {
  const { ref: sizeRef, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  const zone = useZoneMode();
  const axisText = useRef<HTMLSpanElement>(null);
  const axisId = useId();

  useEffect(() => {
    const element = target.current;
    if (!element || width <= 0) return;
    const axisColor = scheme === 'dark' ? '#c1c2c5' : '#495057';
    const gridColor = scheme === 'dark' ? '#373a40' : '#e9ecef';
    const axis = { stroke: axisColor, grid: { stroke: gridColor, width: 1 }, ticks: { stroke: gridColor, width: 1 } };
    const data: uPlot.AlignedData = [[...times], ...series.map((s) => [...s.values])];
    const shown: { time: string[]; value: string[] } = { time: [], value: [] };
    const drawBands = (u: uPlot) => {
      const { ctx, bbox } = u;
      ctx.save();
      for (const band of bands) {
        const left = Math.max(bbox.left, u.valToPos(band.from, 'x', true));
        const right = Math.min(bbox.left + bbox.width, u.valToPos(band.to, 'x', true));
        if (right < bbox.left || left > bbox.left + bbox.width) continue;
        const minWidth = MIN_BAND_PX * (window.devicePixelRatio || 1);
        ctx.fillStyle = `rgba(${BAND_RGB}, ${(0.25 + 0.5 * Math.min(1, Math.max(0, band.weight))).toFixed(2)})`;
        ctx.fillRect(left, bbox.top, Math.max(minWidth, right - left), bbox.height);
      }
      ctx.restore();
    };
    const chart = new uPlot(
      {
        width: Math.floor(width),
        height,
        legend: { show: true },
        cursor: { drag: { x: true, y: false } },
        ...(zone === 'utc' ? { tzDate: utcDate } : {}),
        scales: { x: { time: true, ...(xRange ? { range: (): uPlot.Range.MinMax => xRange } : {}) }, y: { range: (_u, _min, max) => [0, Math.max(max > 0 ? max * 1.1 : 1, minStep ?? 0)] } },
        axes: [
          {
            ...axis,
            space: (u) => timeTickSpace((u.scales.x.max ?? 0) - (u.scales.x.min ?? 0)),
            values: (u, ticks) => (shown.time = timeTickLabels(ticks, (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0))),
          },
          {
            ...axis,
            size: 72,
            ...(minStep ? { incrs: STEPS.map((step) => step * minStep) } : {}),
            values: (_u, ticks) => (shown.value = formatTicks ? formatTicks(ticks) : ticks.map((tick) => formatValue(tick))),
          },
        ],
        series: [
          { value: (_u: uPlot, v: number | null) => (v === null ? '—' : formatAt(v * 1000)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: s.width ?? 2,
            dash: s.dash,
            points: { show: times.length <= 120, size: 5 },
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : formatValue(v)),
          })),
        ],
        hooks: {
          drawClear: [drawBands],
          // The axes are drawn on a canvas: their labels are also written out for screen readers (and tests).
          draw: [
            () => {
              if (axisText.current) axisText.current.textContent = `Time axis: ${shown.time.filter(Boolean).join(', ')}. Value axis: ${shown.value.join(', ')}.`;
            },
          ],
        },
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [times, series, bands, xRange, width, height, scheme, formatValue, formatTicks, minStep, zone]);

  return (
    <Box ref={sizeRef} w="100%">
      <div ref={target} role="img" aria-label={label} aria-describedby={axisId} />
      <VisuallyHidden>
        <span id={axisId} ref={axisText} data-testid="chart-axes" />
      </VisuallyHidden>
    </Box>
  );
}
