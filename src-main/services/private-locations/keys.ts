import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection';
import { insertPrivateLocationKey } from '../../db/repositories/private-locations';
import { generateApiKey, sha256Hex } from '../auth/keys';

/** Agent keys read `pl_…` so nobody mistakes one for an API key; only the hash is stored. */
export function addLocationKey(db: Db, locationId: string, createdAt: string): { id: string; rawKey: string } {
  const rawKey = `pl_${generateApiKey().slice('sl_'.length)}`;
  const id = randomUUID();
  insertPrivateLocationKey(db, { id, locationId, keyHash: sha256Hex(rawKey), maskedKey: `...${rawKey.slice(-4)}`, createdAt, updatedAt: null });
  return { id, rawKey };
}
