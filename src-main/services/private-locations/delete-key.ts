import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deletePrivateLocationKey } from '../../db/repositories/private-locations';
import type { ServiceContext } from '../context';
import { findOrThrow } from './find';

/** Agents using the key get 401 from their next request on. */
export function deletePrivateLocationKeyById(ctx: ServiceContext, locationId: string, keyId: string): void {
  transaction(ctx.db, (tx) => {
    const location = findOrThrow(tx, ctx.accountId, locationId);
    if (!deletePrivateLocationKey(tx, location.id, keyId)) throw new AppError('not_found', `Key ${keyId} of private location ${locationId} not found`);
  });
}
