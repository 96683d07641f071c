/**
 * The labels of a response-time axis (values in µs): one unit for the whole axis, chosen from the
 * largest value — ms below a second, s from one — with as many decimals as the tick step needs, so
 * no tick reads "0 µs" or carries sub-microsecond noise.
 */
export function durationAxisLabels(maxUs: number): (ticks: readonly number[]) => string[] {
  const seconds = maxUs >= 1_000_000;
  const unit = seconds ? 's' : 'ms';
  const perUnit = seconds ? 1_000_000 : 1_000;
  return (ticks) => {
    const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) / perUnit : maxUs / perUnit;
    // Enough decimals to tell neighbouring ticks apart, never finer than a microsecond.
    const decimals = step > 0 ? Math.min(seconds ? 6 : 3, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9))) : 0;
    return ticks.map((tick) => (tick === 0 ? `0 ${unit}` : `${(tick / perUnit).toFixed(decimals)} ${unit}`));
  };
}
