import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** "sl_" + 40 random base62-ish characters. */
export function generateApiKey(): string {
  return `sl_${randomBytes(30).toString('base64url')}`;
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an "Authorization: Bearer <token>" header, whatever the spelling of "Bearer"; null when there is none. */
export function bearerToken(authorization: string | undefined): string | null {
  return (authorization && BEARER.exec(authorization)?.[1]) || null;
}
