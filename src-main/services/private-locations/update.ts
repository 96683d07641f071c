import { transaction } from '../../db/connection';
import { updatePrivateLocation } from '../../db/repositories/private-locations';
import { PrivateLocationUpdate, type PrivateLocationRead } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { findOrThrow, readOptions } from './find';
import { privateLocationReads } from './read-shape';

/** name is required (as in the reference); icon and proxyUrl change only when named. The slug never changes. */
export function updatePrivateLocationById(ctx: ServiceContext, id: string, input: unknown): PrivateLocationRead {
  return transaction(ctx.db, (tx) => {
    const row = findOrThrow(tx, ctx.accountId, id);
    const body = parseOrThrow(PrivateLocationUpdate, input);
    const updated = {
      ...row,
      name: body.name,
      icon: body.icon ?? row.icon,
      proxyUrl: body.proxyUrl === undefined ? row.proxyUrl : body.proxyUrl,
      updatedAt: ctx.clock.now().toISOString(),
    };
    updatePrivateLocation(tx, updated);
    const [read] = privateLocationReads(tx, [updated], readOptions(ctx));
    if (!read) throw new Error('updated private location not readable');
    return read;
  });
}
