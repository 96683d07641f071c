/**
 * Sessions and results have integer keys in SQLite; the API shows them as uuids (the reference
 * says format uuid). Each kind has a fixed UUIDv8-shaped prefix and the id in the last 12 hex
 * digits, so an id parses back without a lookup table and a session id never names a result.
 */
const PREFIX = {
  session: '5e550000-0000-8000-8000-',
  result: '7e5a0000-0000-8000-8000-',
} as const;

export type RunIdKind = keyof typeof PREFIX;

const MAX_ID = 0xffffffffffff;

export function encodeRunId(kind: RunIdKind, id: number): string {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new RangeError(`${kind} id out of range: ${id}`);
  return PREFIX[kind] + id.toString(16).padStart(12, '0');
}

/** The integer id, or null when the text is not an id of that kind (callers answer 404). */
export function decodeRunId(kind: RunIdKind, text: string): number | null {
  const lower = text.toLowerCase();
  const prefix = PREFIX[kind];
  if (lower.length !== prefix.length + 12 || !lower.startsWith(prefix)) return null;
  const hex = lower.slice(prefix.length);
  if (!/^[0-9a-f]{12}$/.test(hex)) return null;
  const id = Number.parseInt(hex, 16);
  return id >= 1 ? id : null;
}
