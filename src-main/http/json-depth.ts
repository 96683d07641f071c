/**
 * The deepest nesting of objects and arrays a JSON body may have. The deepest legal bodies are far
 * shallower: a check or group is about 6 levels, a remote agent's multi-step outcome 5 plus 2 per
 * nested step (capped at MAX_STEP_NESTING in runner/multistep-report.ts); docs/DECISIONS.md.
 */
export const JSON_DEPTH_LIMIT = 64;

export const JSON_TOO_DEEP_MESSAGE = `Body is nested too deeply: the JSON nesting depth limit is ${JSON_DEPTH_LIMIT} (objects and arrays within each other)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON nests objects and arrays more than `limit` deep, by one pass that skips strings. It
 * runs before JSON.parse, which would otherwise build every level (a million levels in 2 MB took the
 * event loop for hundreds of milliseconds). For valid JSON the count is exact; for text that is not
 * JSON, JSON.parse refuses it within the prefix the scan already counted. Bytes of UTF-8 scan about
 * twice as fast as a string's characters, and structural characters are never part of a multi-byte
 * sequence, so Fastify hands the parser a Buffer.
 */
export function jsonNestsDeeperThan(json: Uint8Array | string, limit = JSON_DEPTH_LIMIT): boolean {
  return typeof json === 'string' ? stringNestsDeeperThan(json, limit) : bytesNestDeeperThan(json, limit);
}

function bytesNestDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  const length = bytes.length;
  for (let i = 0; i < length; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      // To the closing quote: a backslash escapes the character after it.
      for (i++; i < length; i++) {
        const s = bytes[i];
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The same scan over a string (tRPC's adapter reads bodies as strings). */
function stringNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The 400 a body too deep answers: Fastify's error handlers map a 4xx statusCode to the spec body with this message. */
export function jsonTooDeepError(): Error & { statusCode: number; code: string } {
  return Object.assign(new Error(JSON_TOO_DEEP_MESSAGE), { statusCode: 400, code: 'SL_JSON_TOO_DEEP' });
}

/**
 * Where a parsed JSON body holds a string with the NUL character (U+0000), as a dotted path
 * (`name`, `request.assertions[2].target`), or null. Only asked when the text holds the `\u0000`
 * escape (a raw NUL is not JSON). PostgreSQL cannot store it in text or jsonb, so team mode would
 * fail on it; every server refuses it alike.
 */
export function nulCharacterPath(json: string, value: unknown): string | null {
  if (!json.includes('\\u0000')) return null;
  const walk = (node: unknown, path: string): string | null => {
    if (typeof node === 'string') return node.includes('\u0000') ? path : null;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = walk(node[i], `${path}[${i}]`);
        if (found) return found;
      }
      return null;
    }
    if (node !== null && typeof node === 'object') {
      for (const [key, member] of Object.entries(node)) {
        if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
        const found = walk(member, `${path}.${key}`);
        if (found) return found;
      }
    }
    return null;
  };
  const found = walk(value, '');
  return found === null ? null : found.replace(/^\./, '') || '(the body)';
}

/** Worded as the validation messages are (`path: why`). */
export const nulCharacterMessage = (path: string) => `${path}: must not contain the NUL character (\\u0000)`;

/** The 400 a body holding U+0000 answers, naming where. */
export function nulCharacterError(path: string): Error & { statusCode: number; code: string } {
  return Object.assign(new Error(nulCharacterMessage(path)), { statusCode: 400, code: 'SL_JSON_NUL' });
}
