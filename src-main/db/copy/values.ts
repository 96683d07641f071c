import type { ColumnKind } from './plan';

/** A value read from SQLite with safe integers: 64-bit integers arrive as bigint, reals as number. */
export type SqliteValue = bigint | number | string | Buffer | null;

export type PgParameter = string | boolean | Buffer | null;

const INT4_MIN = -(2n ** 31n);
const INT4_MAX = 2n ** 31n - 1n;

/**
 * The PostgreSQL parameter for one stored value, unchanged in meaning (the types map one to one), or
 * the reason PostgreSQL cannot hold it. JSON goes over as its stored text, so numbers keep their
 * digits; only what PostgreSQL refuses is named: NUL in text, `\u0000` in JSON strings (jsonb keeps
 * no NUL), a non-integer in an integer column.
 */
export function toPgParameter(kind: ColumnKind, value: SqliteValue): { value: PgParameter } | { problem: string } {
  if (value === null) return { value: null };
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') return { problem: `holds ${describe(value)}, not text` };
      if (value.includes('\u0000')) return { problem: `holds a NUL character (\\u0000) at position ${value.indexOf('\u0000')}, which PostgreSQL text cannot store` };
      return { value };
    case 'integer':
    case 'bigint': {
      if (typeof value !== 'bigint') return { problem: `holds ${describe(value)}, not an integer` };
      if (kind === 'integer' && (value < INT4_MIN || value > INT4_MAX)) return { problem: `holds ${value}, beyond PostgreSQL's integer (32-bit)` };
      return { value: value.toString() };
    }
    case 'boolean':
      if (value === 0n || value === 1n) return { value: value === 1n };
      return { problem: `holds ${describe(value)}, not a boolean (0 or 1)` };
    case 'jsonb': {
      if (typeof value !== 'string') return { problem: `holds ${describe(value)}, not JSON text` };
      // JSON.stringify writes a NUL as \u0000; only then is the text parsed to find where (cheap for the rest).
      if (value.includes('\\u0000')) {
        const path = nulPath(value);
        if (path !== null) return { problem: `holds a JSON string with \\u0000 at ${path}, which PostgreSQL's jsonb cannot store` };
      }
      return { value };
    }
    case 'bytea':
      if (!Buffer.isBuffer(value)) return { problem: `holds ${describe(value)}, not bytes` };
      return { value };
  }
}

function describe(value: Exclude<SqliteValue, null>): string {
  if (Buffer.isBuffer(value)) return `${value.length} bytes`;
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `the number ${value}`;
}

/** Where a parsed JSON document has a NUL in a string or a key ("$.config.headers[0].value"), or null (not JSON, or an escaped backslash before "u0000"). */
function nulPath(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const walk = (value: unknown, path: string): string | null => {
    if (typeof value === 'string') return value.includes('\u0000') ? path : null;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const found = walk(item, `${path}[${index}]`);
        if (found) return found;
      }
      return null;
    }
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return `${path} (a key)`;
        const found = walk(item, `${path}.${key}`);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(parsed, '$');
}
