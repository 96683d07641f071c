import { AppError } from '../../core/errors';
import { findKeyHolderByHash, replaceApiKeyHash } from '../../db/repositories/accounts';
import { Role } from '../../../src-shared/schemas/account';
import type { ServiceDeps } from '../context';
import { bearerToken, hashApiKey, sameHash, sha256Hex } from './keys';
import type { LaunchTokens } from './launch-tokens';
import type { Principal } from './principal';

export interface Credentials {
  authorization: string | undefined;
  /** Every account header sent (x-service-account, x-checkly-account); each must name the key's account. */
  accountHeaders: string[];
}

/**
 * Resolves the caller's account and role from "Authorization: Bearer <key>". The key is hashed before the
 * lookup, so the indexed search never compares attacker-chosen bytes; the final check is constant-time.
 */
export async function authenticate(deps: ServiceDeps, launchTokens: LaunchTokens, credentials: Credentials): Promise<Principal> {
  const token = bearerToken(credentials.authorization);
  if (!token) throw AppError.badToken();
  const keyHash = hashApiKey(deps.keyring, token);
  const principal = await principalOfKeyHash(deps, launchTokens, keyHash) ?? await upgradeLegacyKey(deps, token, keyHash);
  if (!principal) throw AppError.badToken();
  assertOwnAccount(principal, credentials.accountHeaders);
  return principal;
}

/** The key's hash along with who holds it: what a console session keeps in place of the key. */
export async function authenticateKey(deps: ServiceDeps, launchTokens: LaunchTokens, credentials: Credentials): Promise<{ principal: Principal; keyHash: string }> {
  const principal = await authenticate(deps, launchTokens, credentials);
  // authenticate() rewrote a legacy hash, so the keyed hash is the one stored now.
  return { principal, keyHash: hashApiKey(deps.keyring, bearerToken(credentials.authorization) ?? '') };
}

/**
 * Who holds a key, by its keyed hash, as it is stored now: null once the key was revoked or its
 * member removed. Console sessions look their key up this way on every request.
 */
export async function principalOfKeyHash(deps: ServiceDeps, launchTokens: LaunchTokens, keyHash: string): Promise<Principal | null> {
  return launchTokens.verify(keyHash) ?? await lookupStoredKey(deps, keyHash);
}

/** Every account header sent must name the key's own account (403 otherwise). */
export function assertOwnAccount(principal: Principal, accountHeaders: readonly string[]): void {
  // Account ids are uuids: the header names the same account in any letter case.
  const own = principal.accountId.toLowerCase();
  for (const named of accountHeaders) {
    const value = named.trim().toLowerCase();
    if (value && value !== own) throw AppError.forbidden();
  }
}

async function lookupStoredKey(deps: ServiceDeps, keyHash: string): Promise<Principal | null> {
  const row = await findKeyHolderByHash(deps.db, keyHash);
  if (!row || !sameHash(row.keyHash, keyHash)) return null;
  // A role this version does not know grants the least, never the most.
  const role = Role.safeParse(row.role);
  return { accountId: row.accountId, role: role.success ? role.data : 'READ_ONLY', memberId: row.memberId };
}

/** A key stored before keyed hashes: found by its plain sha256, it is rewritten to the keyed hash on this first use. */
async function upgradeLegacyKey(deps: ServiceDeps, token: string, keyHash: string): Promise<Principal | null> {
  const legacyHash = sha256Hex(token);
  const principal = await lookupStoredKey(deps, legacyHash);
  if (!principal) return null;
  await replaceApiKeyHash(deps.db, legacyHash, keyHash);
  deps.logger.info({ memberId: principal.memberId ?? null }, 'an API key stored as plain sha256 now has a keyed hash');
  return principal;
}

/**
 * Paths naming an account (/v1/accounts/{accountId}/...) must name the key's own account: a key
 * belongs to one account, like the account header, so any other id answers 403.
 */
export function assertSameAccount(principal: Principal, accountId: string): void {
  if (accountId !== principal.accountId) throw AppError.forbidden();
}
