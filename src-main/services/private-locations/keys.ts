import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { deletePrivateLocationKey, insertPrivateLocationKey, listKeysOfLocations } from '../../db/repositories/private-locations';
import type { PrivateLocationKey } from '../../../src-shared/schemas/private-location';
import { generateApiKey, sha256Hex } from '../auth';
import type { ServiceContext } from '../context';
import { findOrThrow, keyRead } from './read-shape';

/** Agent keys read `pl_…` so nobody mistakes one for an API key; only the hash is stored. */
export function addLocationKey(db: Db, locationId: string, createdAt: string): { id: string; rawKey: string } {
  const rawKey = `pl_${generateApiKey().slice('sl_'.length)}`;
  const id = randomUUID();
  insertPrivateLocationKey(db, { id, locationId, keyHash: sha256Hex(rawKey), maskedKey: `...${rawKey.slice(-4)}`, createdAt, updatedAt: null });
  return { id, rawKey };
}

/** A new agent key; the answer is the only place its raw value ever appears. */
export function createPrivateLocationKey(ctx: ServiceContext, locationId: string): PrivateLocationKey {
  return transaction(ctx.db, (tx) => {
    const location = findOrThrow(tx, ctx.accountId, locationId);
    const { id, rawKey } = addLocationKey(tx, location.id, ctx.clock.now().toISOString());
    const row = listKeysOfLocations(tx, [location.id]).find((key) => key.id === id);
    if (!row) throw new Error('created key not readable');
    return keyRead(row, rawKey);
  });
}

/** Agents using the key get 401 from their next request on. */
export function deletePrivateLocationKeyById(ctx: ServiceContext, locationId: string, keyId: string): void {
  transaction(ctx.db, (tx) => {
    const location = findOrThrow(tx, ctx.accountId, locationId);
    if (!deletePrivateLocationKey(tx, location.id, keyId)) throw new AppError('not_found', `Key ${keyId} of private location ${locationId} not found`);
  });
}
