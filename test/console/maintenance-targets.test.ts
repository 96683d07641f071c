import { describe, expect, it } from 'vitest';
import { describeTargets } from '../../src-renderer/features/maintenance/maintenance-display';

describe('Maintenance list: what a window targets, in words', () => {
  it('the tray\'s pause over every monitor reads "all monitors", not "1 monitor"', () => {
    expect(describeTargets({ tags: [], checkIds: ['*'], groupIds: [] })).toBe('all monitors');
    expect(describeTargets({ tags: ['db'], checkIds: ['a', 'b'], groupIds: [3] })).toBe('tags db; 2 monitors; group 3');
  });
});
