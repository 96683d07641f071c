import { AppError } from '../../core/errors';
import { findKeyHolderByHash } from '../../db/repositories/accounts';
import { Role } from '../../../src-shared/schemas/account';
import type { ServiceDeps } from '../context';
import { bearerToken, hashApiKey, sameHash } from './keys';
import type { LaunchTokens } from './launch-tokens';
import type { Principal } from './principal';

export type { Principal };

export interface Credentials {
  authorization: string | undefined;
  /** x-service-account or x-checkly-account */
  accountHeader: string | undefined;
}

/**
 * Resolves the caller's account and role from "Authorization: Bearer <key>". The key is hashed before the
 * lookup, so the indexed search never compares attacker-chosen bytes; the final check is constant-time.
 */
export function authenticate(deps: ServiceDeps, launchTokens: LaunchTokens, credentials: Credentials): Principal {
  const token = bearerToken(credentials.authorization);
  if (!token) throw AppError.badToken();
  const keyHash = hashApiKey(token);
  const principal = launchTokens.verify(keyHash) ?? lookupStoredKey(deps, keyHash);
  if (!principal) throw AppError.badToken();
  const named = credentials.accountHeader?.trim();
  if (named && named !== principal.accountId) throw AppError.forbidden();
  return principal;
}

function lookupStoredKey(deps: ServiceDeps, keyHash: string): Principal | null {
  const row = findKeyHolderByHash(deps.db, keyHash);
  if (!row || !sameHash(row.keyHash, keyHash)) return null;
  // A role this version does not know grants the least, never the most.
  const role = Role.safeParse(row.role);
  return { accountId: row.accountId, role: role.success ? role.data : 'READ_ONLY', memberId: row.memberId };
}
