import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * One HTTP(S) request as an API or URL check makes it, measured phase by phase, with every limit a
 * hostile target could push on: a time limit for the whole exchange (redirects included), a cap
 * on the bytes read (after decompression: a gzip bomb ends at the cap), a bounded number of
 * redirects (a loop is named as one), and no keep-alive (each run measures its own connection).
 * Nothing user-written runs here: the request is data.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface HttpRequestSpec {
  method: HttpMethod;
  url: string;
  headers?: Readonly<Record<string, string>>;
  body?: string | null;
  followRedirects?: boolean;
  /** Accept any certificate (the run still reports why it would not be trusted). */
  skipSSL?: boolean;
  ipFamily?: 'IPv4' | 'IPv6';
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** Bytes of the body read (after decompression) before the run stops: the target's fault. */
  maxBodyBytes?: number;
  /** Bytes of the body kept in the result. */
  keptBodyBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface TimingPhases {
  /** Until a socket was assigned. */
  wait: number;
  dns: number;
  tcp: number;
  tls: number;
  firstByte: number;
  download: number;
  total: number;
}

export interface CertificateInfo {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  /** Whole days until validTo (negative once expired), from the run's start. */
  daysLeft: number;
  subjectAltNames: string[];
  fingerprint256: string;
  /** Trusted by the system's CAs for this host name; when not, why. */
  trusted: boolean;
  untrustedReason: string | null;
}

/** What went wrong on the way: the target's fault, each named in words. */
export type RequestErrorKind = 'REFUSED' | 'DNS' | 'TLS' | 'TIMEOUT' | 'RESET' | 'REDIRECT' | 'BODY_LIMIT' | 'PROTOCOL' | 'INVALID_URL' | 'NETWORK';

export interface RequestError {
  kind: RequestErrorKind;
  message: string;
  /** True when it is Sightline's own (no file descriptors or memory left here), never the target's. */
  own: boolean;
}

export interface HttpExchange {
  /** The last request made (after redirects). */
  url: string;
  redirects: { status: number; from: string; to: string }[];
  status: number | null;
  statusText: string | null;
  headers: Record<string, string>;
  /** The body as text (the first keptBodyBytes), whole when `bodyTruncated` is false. */
  body: string;
  /** The bytes read (after decompression), up to maxBodyBytes. */
  bodyBytes: number;
  bodyTruncated: boolean;
  /** The whole body read, for assertions (up to maxBodyBytes). */
  fullBody: string;
  timingPhases: TimingPhases;
  /** Offsets from the start of the last request, in ms, as the public API's `timings`. */
  timings: { socket: number; lookup: number; connect: number; response: number; end: number };
  certificate: CertificateInfo | null;
  tls: { protocol: string | null; cipher: string | null } | null;
  error: RequestError | null;
}

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
const DEFAULT_KEPT_BODY = 64 * 1024;
const DEFAULT_MAX_REDIRECTS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const OWN_CODES = new Set(['EMFILE', 'ENFILE', 'ENOMEM', 'ENOBUFS']);

/** Node's error codes in the operator's words. */
export function describeRequestError(error: unknown, phase: string): RequestError {
  const code = (error as { code?: string } | null)?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (OWN_CODES.has(code)) return { kind: 'NETWORK', message: `Sightline could not open a connection (${code}): this machine is out of resources`, own: true };
  if (code === 'ECONNREFUSED') return { kind: 'REFUSED', message: `connection refused (${message.replace(/^connect /, '')})`, own: false };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NODATA') return { kind: 'DNS', message: `DNS lookup failed: ${message}`, own: false };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'RESET', message: `the connection was reset during ${phase}`, own: false };
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL') || /SSL|certificate|TLS/i.test(message)) return { kind: 'TLS', message: `TLS: ${message}`, own: false };
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return { kind: 'PROTOCOL', message: `the answer is not valid HTTP: ${message}`, own: false };
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return { kind: 'NETWORK', message: `no route to the host (${code})`, own: false };
  return { kind: 'NETWORK', message: `${message}${code ? ` (${code})` : ''}`, own: false };
}

const round = (ms: number) => Math.max(0, Math.round(ms * 1000) / 1000);

/** A certificate's distinguished name: its common name, else its parts. */
function nameOf(name: Record<string, string | string[] | undefined> | undefined): string {
  if (!name) return '';
  const cn = name.CN;
  if (cn !== undefined) return Array.isArray(cn) ? cn.join(', ') : cn;
  return Object.values(name).flat().filter(Boolean).join(', ');
}

function certificateOf(socket: TLSSocket, host: string, startedAt: number): CertificateInfo | null {
  const cert = socket.getPeerCertificate(false) as PeerCertificate | Record<string, never>;
  if (!cert || !('valid_to' in cert) || !cert.valid_to) return null;
  const validTo = new Date(cert.valid_to);
  const names = (cert.subjectaltname ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);
  const authError = socket.authorizationError ? String(socket.authorizationError) : null;
  return {
    subject: nameOf(cert.subject),
    issuer: nameOf(cert.issuer),
    validFrom: new Date(cert.valid_from).toISOString(),
    validTo: validTo.toISOString(),
    daysLeft: Math.floor((validTo.getTime() - startedAt) / DAY_MS),
    subjectAltNames: names,
    fingerprint256: cert.fingerprint256 ?? '',
    trusted: socket.authorized,
    untrustedReason: socket.authorized ? null : (authError ?? `not trusted for ${host}`),
  };
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

function headerRecord(message: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface OneRequest {
  response: IncomingMessage | null;
  body: Buffer;
  bodyBytes: number;
  phases: TimingPhases;
  timings: HttpExchange['timings'];
  certificate: CertificateInfo | null;
  tls: HttpExchange['tls'];
  error: RequestError | null;
}

function emptyPhases(): TimingPhases {
  return { wait: 0, dns: 0, tcp: 0, tls: 0, firstByte: 0, download: 0, total: 0 };
}

/** One request, no redirects followed. Resolves (never rejects) once the body is read, cut or failed. */
function requestOnce(spec: HttpRequestSpec, url: URL, method: HttpMethod, body: string | null, deadline: number, signal: AbortSignal | undefined): Promise<OneRequest> {
  const startedAt = performance.now();
  const maxBody = spec.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const marks = { socket: 0, lookup: 0, connect: 0, secure: 0, response: 0, end: 0 };
  const since = () => performance.now() - startedAt;
  const https = url.protocol === 'https:';
  const family = spec.ipFamily === 'IPv6' ? 6 : spec.ipFamily === 'IPv4' ? 4 : 0;
  const headers: OutgoingHttpHeaders = { 'user-agent': 'Sightline (+https://sightline.invalid/checks)', 'accept-encoding': 'gzip, deflate, br', ...spec.headers, connection: 'close' };
  if (body !== null) headers['content-length'] = Buffer.byteLength(body);
  let phase = 'the DNS lookup';

  return new Promise<OneRequest>((resolve) => {
    let settled = false;
    let response: IncomingMessage | null = null;
    let certificate: CertificateInfo | null = null;
    let tls: HttpExchange['tls'] = null;
    const chunks: Buffer[] = [];
    let bodyBytes = 0;

    const finish = (error: RequestError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const end = since();
      marks.end = end;
      const lookupEnd = marks.lookup || marks.socket;
      const connectEnd = marks.connect || lookupEnd;
      const secureEnd = https ? marks.secure || connectEnd : connectEnd;
      const responseAt = marks.response || end;
      const phases: TimingPhases = {
        wait: round(marks.socket),
        dns: round(lookupEnd - marks.socket),
        tcp: round(connectEnd - lookupEnd),
        tls: round(secureEnd - connectEnd),
        firstByte: round(responseAt - secureEnd),
        download: round(end - responseAt),
        total: round(end),
      };
      if (!settledReq) req.destroy();
      resolve({
        response,
        body: Buffer.concat(chunks),
        bodyBytes,
        phases,
        timings: { socket: round(marks.socket), lookup: round(lookupEnd), connect: round(connectEnd), response: round(responseAt), end: round(end) },
        certificate,
        tls,
        error,
      });
    };
    let settledReq = false;
    const remaining = Math.max(1, deadline - Date.now());
    const timer = setTimeout(() => finish({ kind: 'TIMEOUT', message: `no complete answer within ${spec.timeoutMs} ms (waiting for ${phase})`, own: false }), remaining);
    const onAbort = () => finish({ kind: 'TIMEOUT', message: 'the run was stopped', own: false });
    signal?.addEventListener('abort', onAbort, { once: true });

    const lookup = (hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
      dnsLookup(hostname, { ...options, family, all: false }, callback as never);
    };
    const req = (https ? httpsRequest : httpRequest)(url, {
      method,
      headers,
      agent: false,
      lookup: lookup as never,
      family: family || undefined,
      ...(https ? { rejectUnauthorized: spec.skipSSL !== true, servername: url.hostname.replace(/^\[|\]$/g, '') } : {}),
    });
    req.on('socket', (socket: Socket) => {
      marks.socket = since();
      socket.once('lookup', () => {
        marks.lookup = since();
        phase = 'the connection';
      });
      socket.once('connect', () => {
        marks.connect = since();
        if (!marks.lookup) marks.lookup = marks.connect;
        phase = https ? 'the TLS handshake' : 'the first byte of the answer';
      });
      if (https) {
        socket.once('secureConnect', () => {
          marks.secure = since();
          phase = 'the first byte of the answer';
          const secure = socket as TLSSocket;
          certificate = certificateOf(secure, url.hostname, Date.now());
          tls = { protocol: secure.getProtocol?.() ?? null, cipher: secure.getCipher?.()?.name ?? null };
        });
      }
    });
    req.on('error', (error) => {
      // A certificate refused: still say which one it was.
      finish(describeRequestError(error, phase));
    });
    req.on('response', (res) => {
      marks.response = since();
      phase = 'the rest of the answer';
      response = res;
      if (https && certificate === null) {
        const secure = res.socket as TLSSocket;
        certificate = certificateOf(secure, url.hostname, Date.now());
        tls = { protocol: secure.getProtocol?.() ?? null, cipher: secure.getCipher?.()?.name ?? null };
      }
      const decoder = method === 'HEAD' ? null : decoderFor(res.headers['content-encoding']);
      const source = decoder ? res.pipe(decoder) : res;
      if (decoder) {
        decoder.on('error', (error: Error) => finish({ kind: 'PROTOCOL', message: `the body could not be decoded (${res.headers['content-encoding']}): ${error.message}`, own: false }));
      }
      source.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
        if (bodyBytes > maxBody) {
          chunks.push(chunk.subarray(0, chunk.length - (bodyBytes - maxBody)));
          bodyBytes = maxBody;
          // Said first: destroying the response reports an abort, which comes second.
          finish({ kind: 'BODY_LIMIT', message: `the response body is larger than ${Math.round(maxBody / 1024)} KiB${decoder ? ' once decompressed' : ''}: it was cut there`, own: false });
          res.destroy();
          decoder?.destroy();
          return;
        }
        chunks.push(chunk);
      });
      source.on('end', () => {
        settledReq = true;
        finish(null);
      });
      res.on('error', (error) => finish(describeRequestError(error, phase)));
      res.on('aborted', () => finish({ kind: 'RESET', message: 'the connection was closed before the answer ended', own: false }));
    });
    if (body !== null) req.end(body);
    else req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Makes the request, follows redirects when asked, and reports what it saw. Never throws. */
export async function performHttpRequest(spec: HttpRequestSpec): Promise<HttpExchange> {
  const started = Date.now();
  const deadline = started + spec.timeoutMs;
  const kept = spec.keptBodyBytes ?? DEFAULT_KEPT_BODY;
  const redirects: HttpExchange['redirects'] = [];
  let url: URL;
  try {
    url = new URL(spec.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.protocol} is not http: or https:`);
  } catch (error) {
    return failed(spec.url, { kind: 'INVALID_URL', message: `url is not a valid http(s) address: ${(error as Error).message}`, own: false });
  }
  let method = spec.method;
  let body = spec.body ?? null;
  const seen = new Set<string>([url.href]);
  let totalPhases = emptyPhases();
  for (;;) {
    const one = await requestOnce(spec, url, method, body, deadline, spec.signal);
    totalPhases = addPhases(totalPhases, one.phases);
    const status = one.response?.statusCode ?? null;
    const location = one.response?.headers.location;
    if (one.error === null && spec.followRedirects !== false && status !== null && REDIRECTS.has(status) && location) {
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return exchangeOf(url, redirects, one, totalPhases, kept, { kind: 'REDIRECT', message: `redirect to an invalid address: ${location}`, own: false });
      }
      redirects.push({ status, from: url.href, to: next.href });
      if (seen.has(next.href)) return exchangeOf(url, redirects, one, totalPhases, kept, { kind: 'REDIRECT', message: `redirect loop: ${next.href} was already visited (${redirects.length} redirects)`, own: false });
      if (redirects.length > (spec.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
        return exchangeOf(url, redirects, one, totalPhases, kept, { kind: 'REDIRECT', message: `more than ${spec.maxRedirects ?? DEFAULT_MAX_REDIRECTS} redirects`, own: false });
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return exchangeOf(url, redirects, one, totalPhases, kept, { kind: 'REDIRECT', message: `redirect to ${next.protocol} is not followed`, own: false });
      seen.add(next.href);
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = null;
      }
      url = next;
      continue;
    }
    return exchangeOf(url, redirects, one, totalPhases, kept, one.error);
  }
}

function addPhases(a: TimingPhases, b: TimingPhases): TimingPhases {
  return {
    wait: round(a.wait + b.wait),
    dns: round(a.dns + b.dns),
    tcp: round(a.tcp + b.tcp),
    tls: round(a.tls + b.tls),
    firstByte: round(a.firstByte + b.firstByte),
    download: round(a.download + b.download),
    total: round(a.total + b.total),
  };
}

function exchangeOf(url: URL, redirects: HttpExchange['redirects'], one: OneRequest, phases: TimingPhases, kept: number, error: RequestError | null): HttpExchange {
  const fullBody = one.body.toString('utf8');
  const keptBody = one.body.length > kept ? one.body.subarray(0, kept).toString('utf8') : fullBody;
  return {
    url: url.href,
    redirects,
    status: one.response?.statusCode ?? null,
    statusText: one.response?.statusMessage ?? null,
    headers: one.response ? headerRecord(one.response) : {},
    body: keptBody,
    bodyBytes: one.bodyBytes,
    bodyTruncated: one.body.length > kept,
    fullBody,
    timingPhases: phases,
    timings: one.timings,
    certificate: one.certificate,
    tls: one.tls,
    error,
  };
}

function failed(url: string, error: RequestError): HttpExchange {
  return {
    url,
    redirects: [],
    status: null,
    statusText: null,
    headers: {},
    body: '',
    bodyBytes: 0,
    bodyTruncated: false,
    fullBody: '',
    timingPhases: emptyPhases(),
    timings: { socket: 0, lookup: 0, connect: 0, response: 0, end: 0 },
    certificate: null,
    tls: null,
    error,
  };
}
