export const SCRUBBED = '[scrubbed]';

const SENSITIVE_HEADERS = 'proxy-authorization|authorization|x-api-key|set-cookie|cookie';
// `authorization: Bearer x` lines, JSON `"authorization":"x"`, JS `'x-api-key': 'x'`: a quoted value up to its
// closing quote, an unquoted one up to the end of the line.
const HEADER_VALUE = new RegExp(`(["'\`]?)\\b(${SENSITIVE_HEADERS})\\1(\\s*[:=]\\s*)(?:(["'\`])((?:\\\\.|(?!\\4)[^\\\\])*)\\4|([^\\r\\n]*))`, 'gi');

/** Every form in which a secret value may show up in recorded output. */
export function secretForms(value: string): string[] {
  if (value.length === 0) return [];
  const base64 = Buffer.from(value, 'utf8').toString('base64');
  const forms = new Set([
    value,
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(value, 'utf8').toString('base64url'),
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%20/g, '+'),
    JSON.stringify(value).slice(1, -1),
  ]);
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

export interface Scrubber {
  text(value: string): string;
  deep<T>(value: T): T;
}

/** Removes secret values (raw, base64, URL-encoded) and sensitive header values from recorded text. */
export function createScrubber(secretValues: string[]): Scrubber {
  const forms = [...new Set(secretValues.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  const text = (value: string): string => {
    let out = value;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(SCRUBBED);
    return out.replace(HEADER_VALUE, (_m, q: string, name: string, sep: string, vq: string | undefined) =>
      vq !== undefined ? `${q}${name}${q}${sep}${vq}${SCRUBBED}${vq}` : `${q}${name}${q}${sep}${SCRUBBED}`,
    );
  };
  const deep = <T>(value: T): T => {
    if (typeof value === 'string') return text(value) as T;
    if (Array.isArray(value)) return value.map((v) => deep(v)) as T;
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) out[key] = deep(v);
      return out as T;
    }
    return value;
  };
  return { text, deep };
}
