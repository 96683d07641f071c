import { describe, expect, it } from 'vitest';
import { formatPercent, formatUptime } from '../../src-renderer/lib/number-format';

// The one percentage format of the console: "100%", never "100 %".
describe('percentages', () => {
  it('writes the sign right after the number, with at most two decimals', () => {
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(33.3333)).toBe('33.33%');
    expect(formatPercent(null)).toBe('—');
  });

  it('never rounds an uptime with a failure up to 100%, nor one with a pass down to 0%', () => {
    expect(formatUptime(100)).toBe('100%');
    expect(formatUptime(99.9999)).toBe('99.99%');
    expect(formatUptime(92.3077)).toBe('92.30%');
    expect(formatUptime(0.001)).toBe('0.00%');
    expect(formatUptime(0)).toBe('0%');
    expect(formatUptime(null)).toBe('—');
  });
});
