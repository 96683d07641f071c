import { describe, expect, it } from 'vitest';
import { formatWholeMs, responseTimeFormatter } from '../../src-renderer/lib/whole-ms';

// A traceroute (or any type but ICMP) stores whole milliseconds: its figures never read in µs.
describe('response times stored in whole milliseconds', () => {
  it('reads a stored 0 (under a millisecond) as "< 1 ms", never "0 µs"', () => {
    expect(formatWholeMs(0)).toBe('< 1 ms');
    expect(formatWholeMs(500)).toBe('< 1 ms');
  });

  it('reads whole milliseconds without made-up decimals, seconds from one on', () => {
    expect(formatWholeMs(1_000)).toBe('1 ms');
    expect(formatWholeMs(12_000)).toBe('12 ms');
    expect(formatWholeMs(1_500)).toBe('2 ms');
    expect(formatWholeMs(1_500_000)).toBe('1.50 s');
    expect(formatWholeMs(null)).toBe('—');
  });

  it('keeps µs for a series that has them (ICMP)', () => {
    expect(responseTimeFormatter(false)(70)).toBe('70 µs');
    expect(responseTimeFormatter(true)(70)).toBe('< 1 ms');
  });
});
