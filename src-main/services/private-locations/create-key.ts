import { transaction } from '../../db/connection';
import { listKeysOfLocations } from '../../db/repositories/private-locations';
import type { PrivateLocationKey } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { findOrThrow } from './find';
import { addLocationKey } from './keys';
import { keyRead } from './read-shape';

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
