import { describe, expect, it } from 'vitest';
import { describeTargets } from '../../src-renderer/features/maintenance/maintenance-display';

const none = { checks: [], groups: [] };

describe('Maintenance list: what a window targets, in words', () => {
  it('the tray\'s pause over every monitor reads "all monitors", not "1 monitor"', () => {
    expect(describeTargets({ checkIds: ['*'], groupIds: [], targetNames: none })).toBe('all monitors');
  });

  it('names the monitors and groups (the tags are badges beside it), never a group by its number', () => {
    const targetNames = { checks: [{ id: 'a', name: 'Web' }, { id: 'b', name: 'API' }], groups: [{ id: 3, name: 'Edge' }] };
    expect(describeTargets({ checkIds: ['a', 'b'], groupIds: [3], targetNames })).toBe('monitors Web and API; group Edge');
    expect(describeTargets({ checkIds: ['a'], groupIds: [], targetNames: { checks: [{ id: 'a', name: 'Web' }], groups: [] } })).toBe('monitor Web');
  });

  it('a long list ends in "and N more"; a monitor deleted since is counted, not named', () => {
    const checks = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ id: name, name }));
    expect(describeTargets({ checkIds: checks.map((c) => c.id), groupIds: [], targetNames: { checks, groups: [] } })).toBe('monitors A, B, C and 2 more');
    expect(describeTargets({ checkIds: ['a', 'gone'], groupIds: [9], targetNames: { checks: [{ id: 'a', name: 'Web' }], groups: [] } })).toBe(
      'monitors Web, 1 deleted monitor; 1 deleted group',
    );
  });
});
