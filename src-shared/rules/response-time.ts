/**
 * How the whole console writes a response time: below a millisecond in whole microseconds
 * ("42 µs"), then milliseconds with three significant digits ("1.23 ms", "12.3 ms", "123 ms"),
 * from a second on in seconds ("1.23 s"). A loopback ping never reads "0 ms".
 */
export function formatResponseTime(us: number | null | undefined): string {
  if (us === null || us === undefined || !Number.isFinite(us)) return '—';
  const micros = Math.max(0, us);
  if (Math.round(micros) < 1000) return `${Math.round(micros)} µs`;
  const ms = micros / 1000;
  if (ms < 999.5) return `${threeDigits(ms)} ms`;
  return `${threeDigits(ms / 1000)} s`;
}

/** The same for a value in milliseconds, as the API gives them (`responseTime`, latency averages). */
export function formatResponseTimeMs(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : formatResponseTime(ms * 1000);
}

/** 1.23, 12.3, 123: never fewer than three significant digits, never a rounded-up "10.00". */
function threeDigits(value: number): string {
  if (value < 9.995) return value.toFixed(2);
  if (value < 99.95) return value.toFixed(1);
  return String(Math.round(value));
}
