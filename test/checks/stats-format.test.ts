import { describe, expect, it } from 'vitest';
import { formatResponseTime, formatResponseTimeMs } from '../../src-shared/rules/response-time';

describe('formatResponseTime: one way to write a response time across the console', () => {
  it('keeps sub-millisecond times in µs, then three significant digits of ms, then seconds', () => {
    const cases: [number, string][] = [
      [0, '0 µs'],
      [42, '42 µs'],
      [42.4, '42 µs'],
      [999.4, '999 µs'],
      [999.6, '1.00 ms'],
      [1234, '1.23 ms'],
      [9_994, '9.99 ms'],
      [9_996, '10.0 ms'],
      [12_345, '12.3 ms'],
      [99_960, '100 ms'],
      [123_456, '123 ms'],
      [999_400, '999 ms'],
      [999_600, '1.00 s'],
      [1_234_000, '1.23 s'],
      [45_600_000, '45.6 s'],
      [120_000_000, '120 s'],
    ];
    for (const [us, text] of cases) expect(formatResponseTime(us), `${us} µs`).toBe(text);
  });

  it('has a dash for no value and never shows a negative time', () => {
    expect(formatResponseTime(null)).toBe('—');
    expect(formatResponseTime(undefined)).toBe('—');
    expect(formatResponseTime(Number.NaN)).toBe('—');
    expect(formatResponseTime(-3)).toBe('0 µs');
  });

  it('takes the API\'s milliseconds too', () => {
    expect(formatResponseTimeMs(0.042)).toBe('42 µs');
    expect(formatResponseTimeMs(17)).toBe('17.0 ms');
    expect(formatResponseTimeMs(null)).toBe('—');
  });
});
