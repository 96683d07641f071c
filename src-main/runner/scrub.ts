export const SCRUBBED = '[scrubbed]';

const SENSITIVE_HEADERS = 'proxy-authorization|authorization|x-api-key|set-cookie|cookie';
/** A recorded header (a multi-step call's `requestHeaders`, `responseHeaders`) whose value is never kept. */
const SENSITIVE_HEADER_NAME = new RegExp(`^(${SENSITIVE_HEADERS})$`, 'i');
// `authorization: Bearer x` lines, JSON `"authorization":"x"`, JS `'x-api-key': 'x'`: a quoted value up to its
// closing quote, an unquoted one up to the end of the line.
const HEADER_VALUE = new RegExp(`(["'\`]?)\\b(${SENSITIVE_HEADERS})\\1(\\s*[:=]\\s*)(?:(["'\`])((?:\\\\.|(?!\\4)[^\\\\])*)\\4|([^\\r\\n]*))`, 'gi');

/** Shorter base64 fragments are not scrubbed: they would match unrelated base64 text too often. */
const MIN_BASE64_FRAGMENT = 8;

/**
 * The base64 of the value when it sits inside a longer encoded text (`user:secret` in a Basic
 * header, `Bearer secret`): at offsets 1 and 2 within a 3-byte group only the characters that encode
 * the value's bytes alone are stable, so those are the form; at offset 0 the tail may differ too.
 */
function embeddedBase64(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = offset === 0 ? 0 : 4;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    for (const alphabet of [encoded, encoded.replace(/\+/g, '-').replace(/\//g, '_')]) {
      const core = alphabet.slice(start, end);
      if (core.length >= MIN_BASE64_FRAGMENT) forms.push(core);
    }
  }
  return forms;
}

/** How `base64` (76) and `xxd -p` (60) print long output: the text cut into lines. */
function wrapped(text: string, width: number): string[] {
  return text.length > width ? [text.replace(new RegExp(`(.{${width}})(?=.)`, 'g'), '$1\n')] : [];
}

/** `\u0073\u0065…`: every character, and only the non-ASCII ones (what ensure_ascii JSON writers do), in both cases. */
function unicodeEscapes(value: string): string[] {
  const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const all = Array.from({ length: value.length }, (_, i) => escape(value[i] as string)).join('');
  const nonAscii = JSON.stringify(value)
    .slice(1, -1)
    .replace(/[\u0080-\uffff]/g, escape);
  return [all, all.toUpperCase().replace(/\\U/g, '\\u'), nonAscii, nonAscii.replace(/\\u([0-9a-f]{4})/g, (_m, hex: string) => `\\u${hex.toUpperCase()}`)];
}

/**
 * Every form in which a secret value may show up in recorded output: raw; base64 (standard, without
 * padding, URL-safe, with the newline `echo x | base64` adds, line-wrapped at 76 as `base64` prints
 * it, and embedded in longer encoded text); hex in both cases (`xxd -p` also line-wrapped, Buffer#toString('hex'));
 * URL-encoded with either hex case and `+` for spaces; JSON-escaped, also with \u escapes.
 */
export function secretForms(value: string): string[] {
  if (value.length === 0) return [];
  const bytes = Buffer.from(value, 'utf8');
  const base64 = bytes.toString('base64');
  const withNewline = Buffer.from(`${value}\n`, 'utf8').toString('base64');
  const urlEncoded = encodeURIComponent(value);
  const hex = bytes.toString('hex');
  const forms = new Set([
    value,
    base64,
    base64.replace(/=+$/, ''),
    bytes.toString('base64url'),
    withNewline,
    withNewline.replace(/=+$/, ''),
    ...wrapped(base64, 76),
    ...wrapped(withNewline, 76),
    ...embeddedBase64(bytes),
    hex,
    hex.toUpperCase(),
    ...wrapped(hex, 60),
    urlEncoded,
    urlEncoded.replace(/%20/g, '+'),
    urlEncoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    urlEncoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()).replace(/%20/g, '+'),
    JSON.stringify(value).slice(1, -1),
    ...unicodeEscapes(value),
  ]);
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

export interface Scrubber {
  text(value: string): string;
  deep<T>(value: T): T;
}

/** A variable as a job carries it to the executor (secrets already opened). */
export interface RunVariableValue {
  key: string;
  value: string | null;
  secret?: boolean | null;
}

/**
 * The scrubber of one run, built from the variables the run is given: every source (account, group,
 * check, the trigger's own variables, a run-once form) reaches the script only through this list, so a
 * value marked secret wherever it came from is scrubbed. Executors build their scrubber here, never by hand.
 */
export function runScrubber(variables: readonly RunVariableValue[] | null | undefined): Scrubber {
  return createScrubber((variables ?? []).flatMap((v) => (v.secret === true && typeof v.value === 'string' && v.value ? [v.value] : [])));
}

/** Removes secret values (in every form of secretForms) and sensitive header values from recorded text (and from recorded headers, by name). */
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
      for (const [key, v] of Object.entries(value)) out[key] = typeof v === 'string' && SENSITIVE_HEADER_NAME.test(key) ? SCRUBBED : deep(v);
      return out as T;
    }
    return value;
  };
  return { text, deep };
}
