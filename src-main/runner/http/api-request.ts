import { SCRUBBED } from '../scrub';
import type { ApiAssertionOutcome } from './api-assertions';
import type { HttpExchange, HttpMethod, HttpRequestSpec } from './http-request';

/**
 * An API check's request in the public API's shape (`ChecksV1ApiRequest`) turned into the request
 * that is made: `{{VARIABLE}}` replaced from the check's, group's and account's variables (merged
 * by the caller, most specific first), query parameters appended, the body typed, basic auth as a
 * header. And the other way: what was made and seen, as the public `CheckResultAPI`, with every
 * secret value and credential header scrubbed.
 */
export interface KeyValue {
  key: string;
  value: string;
}

export type BodyType = 'JSON' | 'FORM' | 'RAW' | 'GRAPHQL' | 'NONE';

export interface ApiRequestInput {
  method: HttpMethod;
  url: string;
  followRedirects?: boolean;
  skipSSL?: boolean;
  ipFamily?: 'IPv4' | 'IPv6';
  body?: string;
  bodyType?: BodyType;
  headers?: KeyValue[];
  queryParameters?: KeyValue[];
  basicAuth?: { username: string; password: string } | null;
}

export interface Variable {
  key: string;
  value: string;
  secret?: boolean;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Replaces `{{NAME}}` with the variable's value; an unknown name is left as written (the run shows it). */
export function substitute(text: string, variables: ReadonlyMap<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => variables.get(name) ?? whole);
}

const CONTENT_TYPES: Record<Exclude<BodyType, 'NONE' | 'RAW'>, string> = {
  JSON: 'application/json',
  FORM: 'application/x-www-form-urlencoded',
  GRAPHQL: 'application/json',
};

/** A GraphQL body written as the query itself is sent as `{"query": …}`; one already in that shape as is. */
function graphqlBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') && trimmed.includes('"query"')) return body;
  return JSON.stringify({ query: body });
}

export interface BuiltRequest {
  spec: Omit<HttpRequestSpec, 'timeoutMs' | 'signal'>;
  /** Values never shown in a result: secret variables and the credentials the request sends. */
  sensitive: string[];
  /** The request as the result shows it: secrets scrubbed. */
  shown: { method: string; url: string; data: string; headers: Record<string, string>; params: Record<string, string> };
}

export function buildApiRequest(input: ApiRequestInput, variableList: readonly Variable[]): BuiltRequest {
  const variables = new Map<string, string>();
  for (const variable of variableList) if (!variables.has(variable.key)) variables.set(variable.key, variable.value);
  const sub = (text: string) => substitute(text, variables);
  const url = new URL(sub(input.url));
  const params: Record<string, string> = {};
  for (const { key, value } of input.queryParameters ?? []) {
    url.searchParams.append(sub(key), sub(value));
    params[sub(key)] = sub(value);
  }
  const headers: Record<string, string> = {};
  for (const { key, value } of input.headers ?? []) headers[sub(key).toLowerCase()] = sub(value);
  const bodyType = input.bodyType ?? 'NONE';
  let body: string | null = null;
  if (bodyType !== 'NONE' && (input.body ?? '') !== '' && input.method !== 'GET' && input.method !== 'HEAD') {
    body = sub(input.body ?? '');
    if (bodyType === 'GRAPHQL') body = graphqlBody(body);
    if (bodyType !== 'RAW' && headers['content-type'] === undefined) headers['content-type'] = CONTENT_TYPES[bodyType];
  }
  if (input.basicAuth && (input.basicAuth.username !== '' || input.basicAuth.password !== '')) {
    headers.authorization = `Basic ${Buffer.from(`${sub(input.basicAuth.username)}:${sub(input.basicAuth.password)}`).toString('base64')}`;
  }
  const credentials = Object.entries(headers).filter(([name]) => CREDENTIAL_HEADERS.has(name)).map(([, value]) => value);
  const password = input.basicAuth?.password ? [sub(input.basicAuth.password)] : [];
  // Longest first: a secret inside a longer one is not left half-scrubbed.
  const secrets = [...variableList.filter((v) => v.secret).map((v) => v.value), ...credentials, ...password].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length);
  const scrub = (text: string) => secrets.reduce((out, secret) => out.split(secret).join(SCRUBBED), text);
  const shownHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, CREDENTIAL_HEADERS.has(name) ? SCRUBBED : scrub(value)]));
  return {
    sensitive: secrets,
    spec: { method: input.method, url: url.href, headers, body, followRedirects: input.followRedirects ?? true, skipSSL: input.skipSSL ?? false, ipFamily: input.ipFamily ?? 'IPv4' },
    shown: {
      method: input.method,
      url: scrub(url.href),
      data: scrub(body ?? ''),
      headers: shownHeaders,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, scrub(v)])),
    },
  };
}

export const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

/** The public `CheckResultAPI` of one run, plus what the public shape has no field for (certificate, redirects). */
export interface ApiCheckResultPayload {
  assertions: ApiAssertionOutcome[];
  request: BuiltRequest['shown'];
  response: {
    status: number | null;
    statusText: string | null;
    body: string;
    headers: Record<string, string> | null;
    timings: HttpExchange['timings'] | null;
    timingPhases: HttpExchange['timingPhases'] | null;
    bodyBytes: number;
    bodyTruncated: boolean;
  };
  requestError: string | null;
  redirects: HttpExchange['redirects'];
  certificate: HttpExchange['certificate'];
}

export function apiResultPayload(built: BuiltRequest, exchange: HttpExchange, assertions: ApiAssertionOutcome[], secrets: readonly string[] = []): ApiCheckResultPayload {
  const all = [...built.sensitive, ...secrets.filter((s) => s.length >= 4)].sort((a, b) => b.length - a.length);
  const scrub = (text: string) => all.reduce((out, secret) => out.split(secret).join(SCRUBBED), text);
  const headers = Object.fromEntries(Object.entries(exchange.headers).map(([name, value]) => [name, name === 'set-cookie' ? SCRUBBED : scrub(value)]));
  return {
    assertions: assertions.map((a) => (typeof a.actual === 'string' ? { ...a, actual: scrub(a.actual) } : a)),
    request: built.shown,
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      body: scrub(exchange.bodyTruncated ? `${exchange.body}\n… [cut: the body is ${exchange.bodyBytes} bytes, the first ${exchange.body.length} characters are kept]` : exchange.body),
      headers: exchange.status === null ? null : headers,
      timings: exchange.status === null && exchange.error ? null : exchange.timings,
      timingPhases: exchange.timingPhases,
      bodyBytes: exchange.bodyBytes,
      bodyTruncated: exchange.bodyTruncated,
    },
    requestError: exchange.error ? scrub(exchange.error.message) : null,
    redirects: exchange.redirects.map((r) => ({ ...r, from: scrub(r.from), to: scrub(r.to) })),
    certificate: exchange.certificate,
  };
}
