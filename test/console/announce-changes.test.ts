import { describe, expect, it } from 'vitest';
import { BURST_MS, burstText, ChangeBursts } from '../../src-renderer/features/announce/change-bursts';
import { failingChanges, type FailingSnapshot } from '../../src-renderer/features/announce/failing-changes';

function snapshot(names: string[], count = names.length): FailingSnapshot {
  return { failing: new Map(names.map((name) => [`id-${name}`, name])), count, complete: names.length === count };
}
const names = (refs: { name: string }[]) => refs.map((ref) => ref.name);

describe('which monitors failed or recovered between two dashboard summaries', () => {
  it('names the monitors that joined and left a complete failing list', () => {
    const changes = failingChanges(snapshot(['a', 'b']), snapshot(['b', 'c']));
    expect(names(changes.failed)).toEqual(['c']);
    expect(names(changes.recovered)).toEqual(['a']);
  });

  it('does not call a monitor recovered when the list it left is cut short (it may still fail past the end)', () => {
    const changes = failingChanges(snapshot(['b', 'c'], 2), snapshot(['a', 'b'], 3));
    expect(names(changes.failed)).toEqual(['a']);
    expect(names(changes.recovered)).toEqual([]);
  });

  it('does not call a monitor newly failing when the list before was cut short (it may have failed past the end)', () => {
    const changes = failingChanges(snapshot(['b', 'c'], 3), snapshot(['a', 'b', 'c']));
    expect(names(changes.failed)).toEqual([]);
    expect(names(changes.recovered)).toEqual([]);
  });
});

describe('toasts for changes that come close together', () => {
  const refs = (...list: string[]) => list.map((name) => ({ checkId: `id-${name}`, name }));

  it('shows up to three failures one by one, then folds them and the rest into one toast naming the first three', () => {
    const bursts = new ChangeBursts();
    const first = bursts.add('failed', refs('a', 'b'), 0);
    expect(first.map((a) => a.type)).toEqual(['single', 'single']);
    expect(bursts.add('failed', refs('c'), 500).map((a) => a.type)).toEqual(['single']);
    const [burst] = bursts.add('failed', refs('d', 'e'), 1_000);
    expect(burst).toMatchObject({ type: 'burst', shown: false });
    expect(burst.type === 'burst' && burst.replaces).toHaveLength(3);
    expect(burst.type === 'burst' && burstText('failed', burst.monitors)).toBe('5 monitors failing: a, b, c…');
    const [later] = bursts.add('failed', refs('f'), 1_500);
    expect(later).toMatchObject({ type: 'burst', id: burst.id, shown: true, replaces: [] });
  });

  it('starts afresh after the burst window, and keeps failures and recoveries apart', () => {
    const bursts = new ChangeBursts();
    bursts.add('failed', refs('a', 'b', 'c'), 0);
    expect(bursts.add('recovered', refs('x'), 100).map((a) => a.type)).toEqual(['single']);
    expect(bursts.add('failed', refs('d'), BURST_MS + 1).map((a) => a.type)).toEqual(['single']);
  });
});
