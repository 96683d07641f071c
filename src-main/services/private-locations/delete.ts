import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { countLocationUsers, deletePrivateLocation } from '../../db/repositories/private-locations';
import type { ServiceContext } from '../context';
import { findOrThrow } from './find';

/** 409 while checks or groups still run there: deleting it would silently stop their runs. */
export function deletePrivateLocationById(ctx: ServiceContext, id: string): void {
  transaction(ctx.db, (tx) => {
    const row = findOrThrow(tx, ctx.accountId, id);
    const users = countLocationUsers(tx, ctx.accountId, row.slugName);
    if (users.checks + users.groups > 0) {
      throw new AppError(
        'conflict',
        `Private location "${row.slugName}" is still used by ${users.checks} check(s) and ${users.groups} group(s); remove it from their privateLocations first.`,
        users,
      );
    }
    deletePrivateLocation(tx, ctx.accountId, id);
  });
}
