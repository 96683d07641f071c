import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findPrivateLocationBySlug, insertPrivateLocation } from '../../db/repositories/private-locations';
import { PrivateLocationCreate, type PrivateLocationRead } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { readOptions } from './find';
import { addLocationKey } from './keys';
import { privateLocationReads } from './read-shape';

/** Creates the location with a first agent key, whose raw value this answer alone shows. */
export function createPrivateLocation(ctx: ServiceContext, input: unknown): PrivateLocationRead {
  const body = parseOrThrow(PrivateLocationCreate, input);
  const now = ctx.clock.now().toISOString();
  const rawKeys = new Map<string, string>();
  return transaction(ctx.db, (tx) => {
    if (findPrivateLocationBySlug(tx, ctx.accountId, body.slugName)) {
      throw new AppError('conflict', `A private location with slugName "${body.slugName}" already exists`, { slugName: body.slugName });
    }
    const row = { id: randomUUID(), accountId: ctx.accountId, name: body.name, slugName: body.slugName, icon: body.icon, proxyUrl: body.proxyUrl ?? null, createdAt: now, updatedAt: null };
    insertPrivateLocation(tx, row);
    const key = addLocationKey(tx, row.id, now);
    rawKeys.set(key.id, key.rawKey);
    const [read] = privateLocationReads(tx, [row], readOptions(ctx, rawKeys));
    if (!read) throw new Error('created private location not readable');
    return read;
  });
}
