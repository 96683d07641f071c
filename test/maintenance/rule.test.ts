import { describe, expect, it } from 'vitest';
import { occurrenceAt, occurrencesBetween, windowTargets, type MaintenanceTiming } from '../../src-shared/rules/maintenance';

const at = (iso: string) => Date.parse(iso);
const timing = (over: Partial<MaintenanceTiming>): MaintenanceTiming => ({
  startsAt: at('2026-01-01T02:00:00Z'),
  endsAt: at('2026-01-01T02:30:00Z'),
  repeatInterval: null,
  repeatUnit: null,
  repeatEndsAt: null,
  ...over,
});
const iso = (o: { start: number; end: number } | null) => o && [new Date(o.start).toISOString(), new Date(o.end).toISOString()];

describe('maintenance occurrences (UTC)', () => {
  it('a one-off window is open from its start (inclusive) to its end (exclusive), once', () => {
    const w = timing({});
    expect(occurrenceAt(w, at('2026-01-01T01:59:59.999Z'))).toBeNull();
    expect(iso(occurrenceAt(w, at('2026-01-01T02:00:00Z')))).toEqual(['2026-01-01T02:00:00.000Z', '2026-01-01T02:30:00.000Z']);
    expect(occurrenceAt(w, at('2026-01-01T02:29:59.999Z'))).not.toBeNull();
    expect(occurrenceAt(w, at('2026-01-01T02:30:00Z'))).toBeNull();
    expect(occurrenceAt(w, at('2026-01-02T02:10:00Z'))).toBeNull();
  });

  it('daily 02:00–02:30 opens every day, and every third day with interval 3', () => {
    const daily = timing({ repeatUnit: 'DAY', repeatInterval: 1 });
    expect(iso(occurrenceAt(daily, at('2026-03-17T02:15:00Z')))).toEqual(['2026-03-17T02:00:00.000Z', '2026-03-17T02:30:00.000Z']);
    expect(occurrenceAt(daily, at('2026-03-17T02:30:00Z'))).toBeNull();
    expect(occurrenceAt(daily, at('2026-03-17T01:59:00Z'))).toBeNull();
    const every3 = timing({ repeatUnit: 'DAY', repeatInterval: 3 });
    expect(occurrenceAt(every3, at('2026-01-04T02:10:00Z'))).not.toBeNull();
    expect(occurrenceAt(every3, at('2026-01-05T02:10:00Z'))).toBeNull();
  });

  it('weekly and monthly repeats; a month without the day uses its last day; repeatEndsAt stops them', () => {
    const weekly = timing({ repeatUnit: 'WEEK', repeatInterval: 2 });
    expect(occurrenceAt(weekly, at('2026-01-15T02:10:00Z'))).not.toBeNull();
    expect(occurrenceAt(weekly, at('2026-01-08T02:10:00Z'))).toBeNull();
    const monthly = timing({ startsAt: at('2026-01-31T23:00:00Z'), endsAt: at('2026-02-01T01:00:00Z'), repeatUnit: 'MONTH', repeatInterval: 1 });
    expect(iso(occurrenceAt(monthly, at('2026-03-01T00:30:00Z')))).toEqual(['2026-02-28T23:00:00.000Z', '2026-03-01T01:00:00.000Z']);
    expect(iso(occurrenceAt(monthly, at('2026-04-30T23:30:00Z')))).toEqual(['2026-04-30T23:00:00.000Z', '2026-05-01T01:00:00.000Z']);
    expect(occurrenceAt(monthly, at('2026-03-31T22:59:00Z'))).toBeNull();
    const ending = timing({ repeatUnit: 'DAY', repeatInterval: 1, repeatEndsAt: at('2026-01-03T02:00:00Z') });
    expect(occurrenceAt(ending, at('2026-01-03T02:10:00Z'))).not.toBeNull();
    expect(occurrenceAt(ending, at('2026-01-04T02:10:00Z'))).toBeNull();
  });

  it('lists the occurrences overlapping a range, the open one included', () => {
    const daily = timing({ repeatUnit: 'DAY', repeatInterval: 1 });
    const found = occurrencesBetween(daily, at('2026-01-05T02:20:00Z'), at('2026-01-08T02:00:00Z'));
    expect(found.map((o) => new Date(o.start).toISOString())).toEqual(['2026-01-05T02:00:00.000Z', '2026-01-06T02:00:00.000Z', '2026-01-07T02:00:00.000Z']);
    expect(occurrencesBetween(timing({}), at('2026-01-01T02:30:00Z'), at('2026-02-01T00:00:00Z'))).toEqual([]);
  });

  it('targets checks by any tag (group tags included by the caller), by check id or by group id', () => {
    const w = { tags: ['db', 'cache'], checkIds: ['c-1'], groupIds: [7] };
    expect(windowTargets(w, { id: 'x', tags: ['web', 'cache'], groupId: null })).toBe(true);
    expect(windowTargets(w, { id: 'x', tags: ['web'], groupId: null })).toBe(false);
    expect(windowTargets(w, { id: 'c-1', tags: [], groupId: null })).toBe(true);
    expect(windowTargets(w, { id: 'x', tags: [], groupId: 7 })).toBe(true);
  });
});
