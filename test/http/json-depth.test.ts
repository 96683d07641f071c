import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_LIMIT, jsonNestsDeeperThan } from '../../src-main/http/json-depth';

/** The nesting depth JSON.parse builds: 0 for a scalar, 1 for `[]` or `{}`. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

// Strings full of the characters the scan must skip: brackets, quotes and backslashes.
const tricky = fc.stringMatching(/^[[\]{}"\\a]{0,12}$/);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'large', maxDepth: 12 }, tricky, fc.integer(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(tricky, tie('value'), { maxKeys: 3 }),
})).value;

describe('JSON nesting depth scan', () => {
  it('agrees with the depth JSON.parse builds, strings and escapes included, as bytes and as text', () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 14 }), (value, limit) => {
        const text = JSON.stringify(value);
        const deeper = depthOf(value) > limit;
        expect(jsonNestsDeeperThan(text, limit)).toBe(deeper);
        expect(jsonNestsDeeperThan(Buffer.from(text), limit)).toBe(deeper);
      }),
      { numRuns: 500 },
    );
  });

  it('stops at the first level past the limit of a million-level body', () => {
    const levels = 1_000_000;
    const body = Buffer.from(`{"email":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    expect(jsonNestsDeeperThan(body)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(JSON_DEPTH_LIMIT)}${']'.repeat(JSON_DEPTH_LIMIT)}`)).toBe(false);
  });
});
