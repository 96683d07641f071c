import type { PrivateLocationRead } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { findOrThrow, readOptions } from './find';
import { privateLocationReads } from './read-shape';

export function getPrivateLocation(ctx: ServiceContext, id: string): PrivateLocationRead {
  const [read] = privateLocationReads(ctx.db, [findOrThrow(ctx.db, ctx.accountId, id)], readOptions(ctx));
  if (!read) throw new Error('private location not readable');
  return read;
}
