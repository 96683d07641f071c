import { formatResponseTime } from '../../src-shared/rules/response-time';

/**
 * A response time (µs) of a series known to be stored in whole milliseconds (every type but ICMP):
 * a stored 0 means "under a millisecond", so it reads "< 1 ms", never "0 µs"; otherwise whole
 * milliseconds ("12 ms"), or seconds from one on as everywhere else ("1.23 s").
 */
export function formatWholeMs(us: number | null | undefined): string {
  if (us === null || us === undefined || !Number.isFinite(us)) return '—';
  if (us < 1_000) return '< 1 ms';
  if (us < 999_500) return `${Math.round(us / 1_000)} ms`;
  return formatResponseTime(us);
}

/** The formatter of a series: µs precision when it has it (ICMP), whole milliseconds otherwise. */
export function responseTimeFormatter(wholeMs: boolean): (us: number | null | undefined) => string {
  return wholeMs ? formatWholeMs : formatResponseTime;
}
