import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../../src-shared/schemas/console-session';

/**
 * The console's session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * page sends it), Path=/ (the console page, /console/session and /trpc share it), Secure when the
 * browser talks https. No Max-Age: the browser forgets it when it closes; the server ends it after
 * its idle or absolute lifetime anyway.
 *
 * Each goes with the signed-in hint (SIGNED_IN_HINT_COOKIE): the same attributes without HttpOnly,
 * value "1", so the console's script can tell that this browser signed in (and nothing more).
 */
export interface SessionCookieOptions {
  name: string;
  secure: boolean;
}

/** The value of one cookie of a Cookie header; the first one wins when a name repeats. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value || null;
  }
  return null;
}

function attributes(secure: boolean, httpOnly = true): string {
  return `Path=/;${httpOnly ? ' HttpOnly;' : ''} SameSite=Strict${secure ? '; Secure' : ''}`;
}

const CLEARED = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';

/** The session cookie first, then its hint. */
export function sessionCookie(options: SessionCookieOptions, sessionId: string): string[] {
  return [`${options.name}=${sessionId}; ${attributes(options.secure)}`, `${SIGNED_IN_HINT_COOKIE}=1; ${attributes(options.secure, false)}`];
}

export function clearedSessionCookie(options: SessionCookieOptions): string[] {
  return [`${options.name}=; ${attributes(options.secure)}; ${CLEARED}`, `${SIGNED_IN_HINT_COOKIE}=; ${attributes(options.secure, false)}; ${CLEARED}`];
}

/**
 * Whether the browser is on https: the connection itself, or the Origin its request names (behind a
 * TLS proxy the socket is plain http, but the browser's origin says https). No proxy header is trusted.
 */
export function browserUsesHttps(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin.toLowerCase().startsWith('https://');
}

export function setSessionCookie(reply: FastifyReply, cookies: string[]): void {
  reply.header('set-cookie', cookies);
  // The answer names who is signed in: never stored by the browser or a proxy.
  reply.header('cache-control', 'no-store');
}
