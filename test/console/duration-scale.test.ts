import { describe, expect, it } from 'vitest';
import { durationScale, largestUs, listDurationScale } from '../../src-renderer/lib/duration-scale';

// One unit per page (issue 31): figures, axis and tables of a page share the unit chosen from its largest value.
describe('a page of durations in one unit', () => {
  it('keeps a loopback ping page in µs: figures and axis alike, never "46 µs" over "0.06 ms"', () => {
    const scale = durationScale(largestUs([46, 58, null, 61]), false);
    expect(scale.unit).toBe('µs');
    expect(scale.format(46)).toBe('46 µs');
    expect(scale.axis([0, 20, 40, 60])).toEqual(['0 µs', '20 µs', '40 µs', '60 µs']);
  });

  it('writes small values in the page unit once one value reaches a millisecond', () => {
    const scale = durationScale(largestUs([46, 1_250]), false);
    expect(scale.unit).toBe('ms');
    expect(scale.format(46)).toBe('0.046 ms');
    expect(scale.format(1_250)).toBe('1.25 ms');
    expect(scale.axis([0, 500, 1_000, 1_500])).toEqual(['0 ms', '0.5 ms', '1.0 ms', '1.5 ms']);
  });

  it('never writes a page stored in whole milliseconds in µs: a 0 reads "< 1 ms", not "0 µs"', () => {
    const scale = durationScale(largestUs([0, 0]), true);
    expect(scale.unit).toBe('ms');
    expect(scale.format(0)).toBe('< 1 ms');
    expect(scale.format(12_000)).toBe('12 ms');
    expect(scale.minStep).toBe(1_000);
    for (const label of scale.axis([0, 1_000, 2_000])) expect(label).toMatch(/^\d+ ms$/);
  });

  it('switches the whole page to seconds from one second on', () => {
    const scale = durationScale(largestUs([120_000, 2_400_000]), true);
    expect(scale.unit).toBe('s');
    expect(scale.format(120_000)).toBe('0.120 s');
    expect(scale.axis([0, 500_000, 1_000_000, 1_500_000])).toEqual(['0 s', '0.5 s', '1.0 s', '1.5 s']);
  });
});

describe('listDurationScale (issue 31: the Monitors list in one unit)', () => {
  it('writes a loopback ping beside whole-ms rows in ms, keeping each row’s precision', () => {
    const scale = listDurationScale([
      { us: 46, precise: true },
      { us: 31_000, precise: false },
      { us: 0, precise: false },
    ]);
    expect(scale.unit).toBe('ms');
    expect(scale.format(46, true)).toBe('0.046 ms');
    expect(scale.format(31_000, false)).toBe('31 ms');
    expect(scale.format(0, false)).toBe('< 1 ms');
  });

  it('is µs only when every figure was measured in µs and stays under 1 ms, s from one second', () => {
    expect(listDurationScale([{ us: 46, precise: true }, { us: 812, precise: true }, { us: null, precise: false }]).format(812, true)).toBe('812 µs');
    const seconds = listDurationScale([{ us: 46, precise: true }, { us: 1_250_000, precise: false }]);
    expect(seconds.unit).toBe('s');
    expect(seconds.format(1_250_000, false)).toBe('1.25 s');
    expect(seconds.format(46, true)).toBe('< 0.001 s');
  });
});
