import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findAlertChannel, type AlertChannelRow } from '../../db/repositories/alert-channels';
import type { AlertChannelCreate } from '../../../src-shared/schemas/alert-channel';
import { storedBodyOf, type StoredChannelBody } from './read-shape';

/** Channel ids are positive integers; anything else cannot name a channel, so it is a 404 like an unknown id. */
export function channelIdOf(raw: string | number): number {
  const id = typeof raw === 'number' ? raw : /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw AppError.notFound();
  return id;
}

export type ChannelSettings = Omit<AlertChannelCreate, 'subscriptions'>;

export function columnsOf(body: ChannelSettings): Pick<AlertChannelRow, 'type' | 'autoSubscribe' | 'body'> {
  const stored: StoredChannelBody = {
    config: body.config,
    sendRecovery: body.sendRecovery,
    sendFailure: body.sendFailure,
    sendDegraded: body.sendDegraded,
    sslExpiry: body.sslExpiry,
    sslExpiryThreshold: body.sslExpiryThreshold,
    sendSystemNotices: body.sendSystemNotices,
  };
  return { type: body.type, autoSubscribe: body.autoSubscribe, body: { ...stored } };
}

/** The stored channel as the create body it was made from, for merging a PUT over it. */
export function storedSettings(row: AlertChannelRow): Record<string, unknown> {
  return { ...storedBodyOf(row), type: row.type, autoSubscribe: row.autoSubscribe };
}

export function findOrNotFound(row: AlertChannelRow | undefined): AlertChannelRow {
  if (!row) throw AppError.notFound();
  return row;
}

/** The account's channel, or a 404 that says which channel is missing (the console's verbs; REST keeps the spec's bare "Not Found"). */
export async function channelOrNotFound(db: Db, accountId: string, id: number): Promise<AlertChannelRow> {
  const row = await findAlertChannel(db, accountId, id);
  if (!row) throw new AppError('not_found', `Alert channel ${id} not found`);
  return row;
}
