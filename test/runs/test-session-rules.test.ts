import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesTagTarget } from '../../src-shared/rules/match-tags';
import { decodeRunId, encodeRunId } from '../../src-shared/rules/run-ids';
import { decodeTestSessionId, encodeTestSessionId } from '../../src-shared/rules/test-session-ids';

describe('the matchTags rule (public API: OR of AND groups, `!tag` excludes)', () => {
  it('follows the documented example [[a, b], [a, c, !d]] = (a && b) || (a && c && !d)', () => {
    const target = [['a', 'b'], ['a', 'c', '!d']];
    expect(matchesTagTarget(['a', 'b'], target)).toBe(true);
    expect(matchesTagTarget(['a', 'c'], target)).toBe(true);
    expect(matchesTagTarget(['a', 'c', 'd'], target)).toBe(false);
    expect(matchesTagTarget(['a', 'b', 'c', 'd'], target)).toBe(true);
    expect(matchesTagTarget(['c'], target)).toBe(false);
    expect(matchesTagTarget([], [['!x']])).toBe(true);
    expect(matchesTagTarget(['x'], [['!x']])).toBe(false);
  });

  it('a tag and its negation never both match', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 5 }).filter((t) => !t.startsWith('!'))), fc.string({ minLength: 1, maxLength: 5 }).filter((t) => !t.startsWith('!')), (tags, tag) => {
        expect(matchesTagTarget(tags, [[tag]])).not.toBe(matchesTagTarget(tags, [[`!${tag}`]]));
      }),
    );
  });
});

describe('test session ids', () => {
  it('carry the first check session id and the count, and parse back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xffffffffffff }), fc.integer({ min: 1, max: 0xffff }), (firstSessionId, count) => {
        const id = encodeTestSessionId({ firstSessionId, count });
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(decodeTestSessionId(id.toUpperCase())).toEqual({ firstSessionId, count });
      }),
    );
  });

  it('are never read as check session or result ids, nor the other way round', () => {
    const id = encodeTestSessionId({ firstSessionId: 5, count: 2 });
    expect(decodeRunId('session', id)).toBeNull();
    expect(decodeRunId('result', id)).toBeNull();
    expect(decodeTestSessionId(encodeRunId('session', 5))).toBeNull();
    expect(decodeTestSessionId('7e570000-0000-8000-8000-000000000005')).toBeNull();
    expect(decodeTestSessionId('not-an-id')).toBeNull();
  });
});
