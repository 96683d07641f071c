import { AppError } from '../../core/errors';
import { findKeyHolderByHash, replaceApiKeyHash } from '../../db/repositories/accounts';
import { Role } from '../../../src-shared/schemas/account';
import type { ServiceDeps } from '../context';
import { bearerToken, hashApiKey, sameHash, sha256Hex } from './keys';
import type { LaunchTokens } from './launch-tokens';
import type { Principal } from './principal';

export type { Principal };

export interface Credentials {
  authorization: string | undefined;
  /** Every account header sent (x-service-account, x-checkly-account); each must name the key's account. */
  accountHeaders: string[];
}

/**
 * Resolves the caller's account and role from "Authorization: Bearer <key>". The key is hashed before the
 * lookup, so the indexed search never compares attacker-chosen bytes; the final check is constant-time.
 */
export function authenticate(deps: ServiceDeps, launchTokens: LaunchTokens, credentials: Credentials): Principal {
  const token = bearerToken(credentials.authorization);
  if (!token) throw AppError.badToken();
  const keyHash = hashApiKey(deps.keyring, token);
  const principal = launchTokens.verify(keyHash) ?? lookupStoredKey(deps, keyHash) ?? upgradeLegacyKey(deps, token, keyHash);
  if (!principal) throw AppError.badToken();
  // Account ids are uuids: the header names the same account in any letter case.
  const own = principal.accountId.toLowerCase();
  for (const named of credentials.accountHeaders) {
    const value = named.trim().toLowerCase();
    if (value && value !== own) throw AppError.forbidden();
  }
  return principal;
}

function lookupStoredKey(deps: ServiceDeps, keyHash: string): Principal | null {
  const row = findKeyHolderByHash(deps.db, keyHash);
  if (!row || !sameHash(row.keyHash, keyHash)) return null;
  // A role this version does not know grants the least, never the most.
  const role = Role.safeParse(row.role);
  return { accountId: row.accountId, role: role.success ? role.data : 'READ_ONLY', memberId: row.memberId };
}

/** A key stored before keyed hashes: found by its plain sha256, it is rewritten to the keyed hash on this first use. */
function upgradeLegacyKey(deps: ServiceDeps, token: string, keyHash: string): Principal | null {
  const legacyHash = sha256Hex(token);
  const principal = lookupStoredKey(deps, legacyHash);
  if (!principal) return null;
  replaceApiKeyHash(deps.db, legacyHash, keyHash);
  deps.logger.info({ memberId: principal.memberId ?? null }, 'an API key stored as plain sha256 now has a keyed hash');
  return principal;
}
