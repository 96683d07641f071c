/**
 * Write-only secrets (docs/DECISIONS.md, "Secrets"): what a stored secret reads back as, and which
 * members of a check, group or alert channel count as secrets. Pure, so the server's read shapes
 * and the console's forms agree.
 */

/** How a stored secret reads back; sending it back unchanged keeps the stored value. */
export const SECRET_MASK = '*****';

/** Header, query-parameter and variable names that carry credentials. Deliberately broad: a false positive only hides a value. */
const CREDENTIAL_NAME = /auth|token|secret|passw|key|cookie|session|signature|credential/i;

export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

interface KeyValueLike {
  key: string;
  value?: unknown;
  locked?: boolean | null;
}

/** A header or query parameter whose value is write-only: `locked` (the public API's "hide like a password") or a credential name. */
export function isSecretKeyValue(item: KeyValueLike): boolean {
  return item.locked === true || isCredentialName(item.key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasValue = (value: unknown) => typeof value === 'string' && value !== '';

/** Header or query-parameter lists with every secret value replaced by the mask. */
export function maskKeyValues(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) =>
    isRecord(item) && typeof item.key === 'string' && isSecretKeyValue(item as unknown as KeyValueLike) && hasValue(item.value) ? { ...item, value: SECRET_MASK } : item,
  );
}

/** Environment variables with each secret value replaced by the mask (a secret without a value stays null). */
export function maskEnvironment(variables: unknown): unknown {
  if (!Array.isArray(variables)) return variables;
  return variables.map((variable) =>
    isRecord(variable) && variable.secret === true && variable.value !== null && variable.value !== undefined ? { ...variable, value: SECRET_MASK } : variable,
  );
}

/**
 * Where a URL keeps credentials: `query` — the password of its user info and the values of
 * credential-named query parameters (generic webhooks); `path` — everything after the origin
 * (a Slack incoming-webhook URL is itself the credential).
 */
export type UrlSecretKind = 'query' | 'path';

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function queryParts(search: string): string[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query === '' ? [] : query.split('&');
}

function partName(part: string): string {
  const name = part.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

function isSecretQueryPart(part: string): boolean {
  const eq = part.indexOf('=');
  return eq > 0 && eq < part.length - 1 && isCredentialName(partName(part));
}

const afterOrigin = (url: URL) => `${url.pathname}${url.search}${url.hash}`;

/** Whether the URL holds anything `maskUrl` would hide. */
export function urlHasSecrets(url: string, kind: UrlSecretKind): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  if (kind === 'path') return afterOrigin(parsed) !== '/' || parsed.password !== '' || parsed.username !== '';
  return parsed.password !== '' || queryParts(parsed.search).some(isSecretQueryPart);
}

/** The URL as it reads back: its secret parts replaced by the mask; a URL without any is returned as given. */
export function maskUrl(url: string, kind: UrlSecretKind): string {
  if (!urlHasSecrets(url, kind)) return url;
  const parsed = parseUrl(url) as URL;
  if (kind === 'path') return `${parsed.origin}/${SECRET_MASK}`;
  if (parsed.password !== '') parsed.password = SECRET_MASK;
  const parts = queryParts(parsed.search).map((part) => (isSecretQueryPart(part) ? `${part.slice(0, part.indexOf('='))}=${SECRET_MASK}` : part));
  parsed.search = parts.join('&');
  return parsed.href;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The secret parts of a URL, raw and decoded, for scrubbing what a delivery reports back. */
export function urlSecretParts(url: string, kind: UrlSecretKind): string[] {
  if (!urlHasSecrets(url, kind)) return [];
  const parsed = parseUrl(url) as URL;
  const parts: string[] = [];
  if (parsed.password) parts.push(parsed.password, decoded(parsed.password));
  if (kind === 'path') {
    const rest = afterOrigin(parsed);
    parts.push(rest, rest.slice(1), decoded(rest));
  } else {
    for (const part of queryParts(parsed.search).filter(isSecretQueryPart)) {
      const value = part.slice(part.indexOf('=') + 1);
      parts.push(value, decoded(value));
    }
  }
  return [...new Set(parts)].filter((part) => part !== '' && part !== '/');
}

export function originOf(url: unknown): string | null {
  return typeof url === 'string' ? (parseUrl(url)?.origin ?? null) : null;
}

/**
 * The URL a client sent with the masked parts filled in from the stored URL (same origin only, so a
 * stored credential is never sent to another host). `error` names what could not be filled.
 */
export function unmaskUrl(incoming: string, stored: string | null, kind: UrlSecretKind): { url: string } | { error: string } {
  const parsed = parseUrl(incoming);
  if (!parsed || !incoming.includes(SECRET_MASK)) return { url: incoming };
  const original = stored !== null && originOf(stored) === parsed.origin ? parseUrl(stored) : null;
  const missing = `"${SECRET_MASK}" stands for a stored part of the URL, but this channel has none for ${parsed.origin}; send the whole URL`;
  if (kind === 'path') {
    if (afterOrigin(parsed) !== `/${SECRET_MASK}`) return { url: incoming };
    if (!original) return { error: missing };
    return { url: `${original.href}` };
  }
  if (parsed.password === SECRET_MASK) {
    if (!original?.password) return { error: missing };
    parsed.password = original.password;
  }
  const storedParts = original ? queryParts(original.search).filter(isSecretQueryPart) : [];
  let failed = false;
  const parts = queryParts(parsed.search).map((part) => {
    if (!isSecretQueryPart(part) || part.slice(part.indexOf('=') + 1) !== SECRET_MASK) return part;
    const match = storedParts.find((candidate) => partName(candidate) === partName(part));
    if (!match) failed = true;
    return match ?? part;
  });
  if (failed) return { error: missing };
  parsed.search = parts.join('&');
  return { url: parsed.href };
}

/** Per channel type: config members that are credentials, returned only as `<member>Set: boolean`. */
export const CHANNEL_SECRET_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  WEBHOOK: ['webhookSecret'],
  PAGERDUTY: ['serviceKey'],
  OPSGENIE: ['apiKey'],
};

/** Per channel type: how its `url` keeps credentials. */
export const CHANNEL_URL_SECRETS: Readonly<Record<string, UrlSecretKind>> = {
  WEBHOOK: 'query',
  SLACK: 'path',
};

/** Config members holding header or query-parameter lists. */
export const CHANNEL_KEY_VALUE_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  WEBHOOK: ['headers', 'queryParameters'],
};

/** Where the stored config keeps the sealed URL when the URL itself holds credentials (`url` keeps the masked form). */
export const SEALED_URL_MEMBER = 'urlSealed';

/**
 * A channel config as any client sees it (read shapes, notifications' `alertConfig`, a check's
 * `alertChannels`): credentials left out with `<member>Set`, secret header and query values masked,
 * the URL's secret parts masked.
 */
export function redactChannelConfig(type: string, config: unknown): Record<string, unknown> {
  if (!isRecord(config)) return {};
  const out: Record<string, unknown> = { ...config };
  delete out[SEALED_URL_MEMBER];
  for (const member of CHANNEL_SECRET_MEMBERS[type] ?? []) {
    if (member in config || !(`${member}Set` in config)) out[`${member}Set`] = hasValue(config[member]);
    delete out[member];
  }
  for (const member of CHANNEL_KEY_VALUE_MEMBERS[type] ?? []) {
    if (member in out) out[member] = maskKeyValues(out[member]);
  }
  const kind = CHANNEL_URL_SECRETS[type];
  if (kind && typeof out.url === 'string') out.url = maskUrl(out.url, kind);
  return out;
}

/** A group's `apiCheckDefaults` as it reads back: secret header and query values and the basic-auth password masked. */
export function maskApiCheckDefaults(defaults: unknown): unknown {
  if (!isRecord(defaults)) return defaults;
  const out: Record<string, unknown> = { ...defaults };
  if ('headers' in defaults) out.headers = maskKeyValues(defaults.headers);
  if ('queryParameters' in defaults) out.queryParameters = maskKeyValues(defaults.queryParameters);
  if (isRecord(defaults.basicAuth) && hasValue(defaults.basicAuth.password)) out.basicAuth = { ...defaults.basicAuth, password: SECRET_MASK };
  return out;
}
