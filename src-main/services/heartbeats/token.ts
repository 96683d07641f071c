import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 24 random bytes (192 bits), URL-safe: the ping URL's only credential. */
export function newPingToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the judge indexes heartbeats by: a ping's token is looked up by its hash, never by itself. */
export function pingTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Compares a presented token with a stored one in constant time (lengths are not secret). */
export function sameToken(stored: string, presented: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The public ping URL of a token, on the server's public address (`--public-url`, else where it listens). */
export function pingUrlOf(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/ping/${token}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A new heartbeat's body with a token the server issued: a token sent with a create is never kept
 * (the client did not draw it from 192 random bits). Other types pass unchanged.
 */
export function withIssuedPingToken<T extends { checkType: string }>(body: T): T {
  if (body.checkType !== 'HEARTBEAT') return body;
  const heartbeat = (body as { heartbeat?: unknown }).heartbeat;
  if (!isRecord(heartbeat)) return body;
  return { ...body, heartbeat: { ...heartbeat, pingToken: newPingToken() } };
}
