/**
 * A test session (what `checkly trigger` starts) is the check sessions one trigger created: their
 * ids are consecutive (one transaction), so the test session's uuid-shaped id carries the first
 * session id and the count, and parses back without a lookup table.
 */
const PREFIX = '7e570000-';
const MAX_COUNT = 0xffff;
const MAX_ID = 0xffffffffffff;

export interface TestSessionRange {
  firstSessionId: number;
  count: number;
}

export function encodeTestSessionId(range: TestSessionRange): string {
  if (!Number.isSafeInteger(range.firstSessionId) || range.firstSessionId < 1 || range.firstSessionId > MAX_ID) throw new RangeError(`session id out of range: ${range.firstSessionId}`);
  if (!Number.isSafeInteger(range.count) || range.count < 1 || range.count > MAX_COUNT) throw new RangeError(`test session size out of range: ${range.count}`);
  return `${PREFIX}${range.count.toString(16).padStart(4, '0')}-8000-8000-${range.firstSessionId.toString(16).padStart(12, '0')}`;
}

/** The range, or null when the text is not a test session id (callers answer 404). */
export function decodeTestSessionId(text: string): TestSessionRange | null {
  const match = /^7e570000-([0-9a-f]{4})-8000-8000-([0-9a-f]{12})$/.exec(text.toLowerCase());
  if (!match) return null;
  const count = Number.parseInt(match[1], 16);
  const firstSessionId = Number.parseInt(match[2], 16);
  return count >= 1 && firstSessionId >= 1 ? { firstSessionId, count } : null;
}

export const MAX_TEST_SESSION_CHECKS = MAX_COUNT;
