import { createContext, useContext } from 'react';

/**
 * One unit of time for every duration on a page (issue 31): chosen once from the largest value the
 * page shows, so its figures, its chart's axis and its tables never mix "46 µs" with "0.06 ms".
 * µs only for series measured in µs (ICMP) whose values all stay below a millisecond; s from one second.
 */
export type DurationUnit = 'µs' | 'ms' | 's';

export interface DurationScale {
  unit: DurationUnit;
  /** A value in µs in the page's unit; "—" for none. */
  format(us: number | null | undefined): string;
  /** A chart axis's tick labels (values in µs): the page's unit, as many decimals as the step needs. */
  axis(ticks: readonly number[]): string[];
  /** The smallest step between axis ticks, in µs: whole µs, or whole ms for a series stored in ms. */
  minStep: number;
}

const PER_UNIT: Record<DurationUnit, number> = { 'µs': 1, ms: 1_000, s: 1_000_000 };

/** Three significant digits, at most three decimals ("0.046", "1.23", "12.3", "123"). */
function significant(value: number): string {
  if (value === 0) return '0';
  if (value >= 99.95) return String(Math.round(value));
  if (value >= 9.995) return value.toFixed(1);
  if (value >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

/**
 * The scale of a page whose largest duration is `maxUs`. `wholeMs`: the values were stored in whole
 * milliseconds (every type but ICMP), so a 0 means "under a millisecond" ("< 1 ms") and the page is
 * never in µs.
 */
export function durationScale(maxUs: number, wholeMs: boolean): DurationScale {
  const unit: DurationUnit = maxUs >= 999_500 ? 's' : wholeMs || Math.round(maxUs) >= 1_000 ? 'ms' : 'µs';
  const per = PER_UNIT[unit];
  const format = (us: number | null | undefined): string => {
    if (us === null || us === undefined || !Number.isFinite(us)) return '—';
    const value = Math.max(0, us);
    if (wholeMs && value < 1_000) return unit === 'ms' ? '< 1 ms' : '< 0.001 s';
    if (unit === 'µs') return `${Math.round(value)} µs`;
    if (wholeMs && unit === 'ms') return `${Math.round(value / 1_000)} ms`;
    const text = significant(value / per);
    // A figure too small for the unit's three decimals says so rather than "0.000 s".
    return value > 0 && Number(text) === 0 ? `< 0.001 ${unit}` : `${text} ${unit}`;
  };
  const minStep = wholeMs ? 1_000 : 1;
  const axis = (ticks: readonly number[]): string[] => {
    const step = ticks.length > 1 ? Math.abs((ticks[1] as number) - (ticks[0] as number)) / per : maxUs / per;
    // Enough decimals to tell neighbouring ticks apart, never finer than the values were measured.
    const finest = Math.round(Math.log10(per / minStep));
    const decimals = step > 0 ? Math.min(finest, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9))) : 0;
    return ticks.map((tick) => (tick === 0 ? `0 ${unit}` : `${(tick / per).toFixed(decimals)} ${unit}`));
  };
  return { unit, format, axis, minStep };
}

/** The largest of the values a page shows (µs), ignoring the missing ones. */
export function largestUs(values: ReadonlyArray<number | null | undefined>): number {
  let max = 0;
  for (const value of values) if (value !== null && value !== undefined && Number.isFinite(value) && value > max) max = value;
  return max;
}

/** The page's scale, for the parts of a page that do not receive it as a prop (a check type's result view). */
export const DurationScaleContext = createContext<DurationScale | null>(null);

/** The page's scale, or one of this value alone when no page chose one. */
export function useDurationScale(fallbackMaxUs: number, wholeMs: boolean): DurationScale {
  return useContext(DurationScaleContext) ?? durationScale(fallbackMaxUs, wholeMs);
}

/** A list of figures of mixed precision (ICMP's µs beside whole-ms types) written in one unit. */
export interface ListDurationScale {
  unit: DurationUnit;
  /** One row's value (µs) in the list's unit; `precise`: measured in µs (ICMP), else whole ms. */
  format(us: number | null | undefined, precise: boolean): string;
}

/**
 * The unit of a list's response-time column, chosen from the rows it shows as a chart's axis is
 * (issue 31): s when one reaches a second, µs only when every figure was measured in µs and stays
 * under a millisecond, ms otherwise. Each row keeps its own precision in that unit: a whole-ms 0 is
 * "< 1 ms", an ICMP 46 µs in an ms column is "0.046 ms".
 */
export function listDurationScale(rows: ReadonlyArray<{ us: number | null | undefined; precise: boolean }>): ListDurationScale {
  const max = largestUs(rows.map((row) => row.us));
  const anyWholeMs = rows.some((row) => !row.precise && row.us !== null && row.us !== undefined && Number.isFinite(row.us));
  const precise = durationScale(anyWholeMs ? Math.max(max, 1_000) : max, false);
  const whole = durationScale(max, true);
  return { unit: precise.unit, format: (us, isPrecise) => (isPrecise ? precise.format(us) : whole.format(us)) };
}
