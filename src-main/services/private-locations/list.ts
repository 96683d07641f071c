import { listPrivateLocations } from '../../db/repositories/private-locations';
import type { PrivateLocationRead } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { readOptions } from './find';
import { privateLocationReads } from './read-shape';

export function listPrivateLocationReads(ctx: ServiceContext): PrivateLocationRead[] {
  return privateLocationReads(ctx.db, listPrivateLocations(ctx.db, ctx.accountId), readOptions(ctx));
}
