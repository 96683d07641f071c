import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Keyring } from '../../core/keyring';

/**
 * What is stored for an API key: HMAC-SHA256 keyed by the data folder's key file, so a copied
 * database alone cannot be brute-forced offline, not even for a short chosen `--api-key`.
 */
export function hashApiKey(keyring: Keyring, key: string): string {
  return keyring.mac(key);
}

/**
 * Plain sha256 (hex): how API keys were stored before keyed hashes (a match is rewritten to the
 * keyed hash), and how private-location keys are stored — those are always 240 random bits, so a
 * key file would add nothing to them.
 */
export function sha256Hex(key: string): string {
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
