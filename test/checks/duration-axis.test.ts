import { describe, expect, it } from 'vitest';
import { durationAxisLabels } from '../../src-renderer/components/duration-axis';

// What the monitor chart's y axis reads (values in µs, as monitorStats answers them).
describe('response-time axis labels', () => {
  it('writes a loopback traceroute (tens of µs) in ms with enough decimals, and 0 as "0 ms", never "0 µs"', () => {
    expect(durationAxisLabels(70)([0, 20, 40, 60])).toEqual(['0 ms', '0.02 ms', '0.04 ms', '0.06 ms']);
  });

  it('keeps one unit per axis: ms below a second, s from one, with no sub-microsecond digits', () => {
    expect(durationAxisLabels(450_000)([0, 100_000, 200_000, 300_000, 400_000])).toEqual(['0 ms', '100 ms', '200 ms', '300 ms', '400 ms']);
    expect(durationAxisLabels(2_400_000)([0, 500_000, 1_000_000, 1_500_000, 2_000_000])).toEqual(['0 s', '0.5 s', '1.0 s', '1.5 s', '2.0 s']);
    expect(durationAxisLabels(5_200)([0, 1_000, 2_000, 3_000, 4_000, 5_000])).toEqual(['0 ms', '1 ms', '2 ms', '3 ms', '4 ms', '5 ms']);
    for (const label of durationAxisLabels(0.4)([0, 0.1, 0.2, 0.3, 0.4])) expect(label).not.toMatch(/µs|\.\d{4,}/);
  });
});
