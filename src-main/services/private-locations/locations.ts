import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import {
  countLocationUsers,
  deletePrivateLocation,
  findPrivateLocationBySlug,
  insertPrivateLocation,
  listPrivateLocations,
  lockPrivateLocation,
  updatePrivateLocation,
} from '../../db/repositories/private-locations';
import { lockAccount } from '../../db/row-locks';
import type { PrivateLocationCreate, PrivateLocationRead, PrivateLocationUpdate } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { addLocationKey } from './keys';
import { findOrThrow, privateLocationReads, readOptions } from './read-shape';

export async function listPrivateLocationReads(ctx: ServiceContext): Promise<PrivateLocationRead[]> {
  return await privateLocationReads(ctx.db, await listPrivateLocations(ctx.db, ctx.accountId), readOptions(ctx));
}

export async function getPrivateLocation(ctx: ServiceContext, id: string): Promise<PrivateLocationRead> {
  const [read] = await privateLocationReads(ctx.db, [await findOrThrow(ctx.db, ctx.accountId, id)], readOptions(ctx));
  if (!read) throw new Error('private location not readable');
  return read;
}

/** Creates the location with a first agent key, whose raw value this answer alone shows. */
export async function createPrivateLocation(ctx: ServiceContext, body: PrivateLocationCreate): Promise<PrivateLocationRead> {
  const now = ctx.clock.now().toISOString();
  const rawKeys = new Map<string, string>();
  return await transaction(ctx.db, async (tx) => {
    // Creates on other servers look for the slug under the same lock: the second one gets this 409
    // (slugs compare case-insensitively, which the unique index does not).
    await lockAccount(tx, ctx.accountId);
    if (await findPrivateLocationBySlug(tx, ctx.accountId, body.slugName)) {
      throw new AppError('conflict', `A private location with slugName "${body.slugName}" already exists`, { slugName: body.slugName });
    }
    const row = { id: randomUUID(), accountId: ctx.accountId, name: body.name, slugName: body.slugName, icon: body.icon, proxyUrl: body.proxyUrl ?? null, createdAt: now, updatedAt: null };
    await insertPrivateLocation(tx, row);
    const key = await addLocationKey(tx, row.id, now);
    rawKeys.set(key.id, key.rawKey);
    const [read] = await privateLocationReads(tx, [row], readOptions(ctx, rawKeys));
    if (!read) throw new Error('created private location not readable');
    return read;
  });
}

/** name is required (as in the reference); icon and proxyUrl change only when named. The slug never changes. */
export async function updatePrivateLocationById(ctx: ServiceContext, id: string, body: PrivateLocationUpdate): Promise<PrivateLocationRead> {
  return await transaction(ctx.db, async (tx) => {
    // Locked before it is read: a PUT on another server then keeps what this one stored.
    await lockPrivateLocation(tx, id);
    const row = await findOrThrow(tx, ctx.accountId, id);
    const updated = {
      ...row,
      name: body.name,
      icon: body.icon ?? row.icon,
      proxyUrl: body.proxyUrl === undefined ? row.proxyUrl : body.proxyUrl,
      updatedAt: ctx.clock.now().toISOString(),
    };
    await updatePrivateLocation(tx, updated);
    const [read] = await privateLocationReads(tx, [updated], readOptions(ctx));
    if (!read) throw new Error('updated private location not readable');
    return read;
  });
}

/** 409 while checks or groups still run there: deleting it would silently stop their runs. */
export async function deletePrivateLocationById(ctx: ServiceContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    // Check and group writes keep the locations they name (FOR SHARE): one of them waits for this
    // delete, or this delete waits for it and counts its user.
    await lockPrivateLocation(tx, id);
    const row = await findOrThrow(tx, ctx.accountId, id);
    const users = await countLocationUsers(tx, ctx.accountId, row.slugName);
    if (users.checks + users.groups > 0) {
      throw new AppError(
        'conflict',
        `Private location "${row.slugName}" is still used by ${users.checks} check(s) and ${users.groups} group(s); remove it from their privateLocations first.`,
        users,
      );
    }
    await deletePrivateLocation(tx, ctx.accountId, id);
  });
}
