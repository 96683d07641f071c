import { describe, expect, it } from 'vitest';
import { retryStrategyText } from '../../src-shared/rules/retry-strategy-text';

describe('retryStrategyText', () => {
  it('says how often, how far apart, for how long and from where a failed run is retried', () => {
    expect(retryStrategyText({ type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 2, maxDurationSeconds: 300, sameRegion: true })).toBe(
      'retry up to 2 times, 30 s apart, within 5 min, from the same location',
    );
    expect(retryStrategyText({ type: 'EXPONENTIAL', baseBackoffSeconds: 60, maxRetries: 1, sameRegion: false, onlyOn: ['NETWORK_ERROR'] })).toBe(
      'retry up to 1 time, waiting 1 min, 2 min, 4 min…, within 10 min, from another location, only on network errors',
    );
    expect(retryStrategyText({ type: 'SINGLE_RETRY', baseBackoffSeconds: 10 })).toBe('retry once after 10 s, within 10 min, from the same location');
  });

  it('reads a missing strategy as none, or as the double check when that is on', () => {
    expect(retryStrategyText(null)).toBe('no retries');
    expect(retryStrategyText(null, true)).toBe('retry once at once, from another location');
    expect(retryStrategyText({ type: 'NOT_A_TYPE' })).toBe('no retries');
  });
});
