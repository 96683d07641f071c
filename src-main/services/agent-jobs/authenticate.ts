import { AppError } from '../../core/errors';
import { findLocationByKeyHash } from '../../db/repositories/private-locations';
import { bearerToken, sameHash, sha256Hex } from '../auth';
import type { ServiceDeps } from '../context';

/** A remote agent, known by the private-location key it presented. */
export interface AgentPrincipal {
  accountId: string;
  locationId: string;
  slugName: string;
  locationName: string;
  keyId: string;
}

/** 401 unless the Authorization header carries a key of an existing private location. */
export async function authenticateAgent(deps: ServiceDeps, authorization: string | undefined): Promise<AgentPrincipal> {
  const token = bearerToken(authorization);
  if (!token) throw new AppError('unauthorized', 'Missing agent key: send "Authorization: Bearer <private location key>"');
  const hash = sha256Hex(token);
  const found = await findLocationByKeyHash(deps.db, hash);
  if (!found || !sameHash(found.key.keyHash, hash)) {
    throw new AppError('unauthorized', 'Unknown agent key: create a key with POST /v1/private-locations/{id}/keys and start the agent with it');
  }
  return {
    accountId: found.location.accountId,
    locationId: found.location.id,
    slugName: found.location.slugName,
    locationName: found.location.name,
    keyId: found.key.id,
  };
}
