import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { deletePrivateLocationKey, insertPrivateLocationKey, listKeysOfLocations } from '../../db/repositories/private-locations';
import type { PrivateLocationKey } from '../../../src-shared/schemas/private-location';
import { generateApiKey, sha256Hex } from '../auth';
import type { ServiceContext } from '../context';
import { findOrThrow, keyRead } from './read-shape';

/** Agent keys read `pl_…` so nobody mistakes one for an API key; only the hash is stored. */
export async function addLocationKey(db: Db, locationId: string, createdAt: string): Promise<{ id: string; rawKey: string }> {
  const rawKey = `pl_${generateApiKey().slice('sl_'.length)}`;
  const id = randomUUID();
  await insertPrivateLocationKey(db, { id, locationId, keyHash: sha256Hex(rawKey), maskedKey: `...${rawKey.slice(-4)}`, createdAt, updatedAt: null });
  return { id, rawKey };
}

/** A new agent key; the answer is the only place its raw value ever appears. */
export async function createPrivateLocationKey(ctx: ServiceContext, locationId: string): Promise<PrivateLocationKey> {
  return await transaction(ctx.db, async (tx) => {
    const location = await findOrThrow(tx, ctx.accountId, locationId);
    const { id, rawKey } = await addLocationKey(tx, location.id, ctx.clock.now().toISOString());
    const row = (await listKeysOfLocations(tx, [location.id])).find((key) => key.id === id);
    if (!row) throw new Error('created key not readable');
    return keyRead(row, rawKey);
  });
}

/** Agents using the key get 401 from their next request on. */
export async function deletePrivateLocationKeyById(ctx: ServiceContext, locationId: string, keyId: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const location = await findOrThrow(tx, ctx.accountId, locationId);
    if (!await deletePrivateLocationKey(tx, location.id, keyId)) throw new AppError('not_found', `Key ${keyId} of private location ${locationId} not found`);
  });
}
