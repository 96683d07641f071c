import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, ready } from '../connection';
import { alertChannels } from '../tables';
import { all, get, run } from "../dialect";
import { parseStored } from '../stored-rows';
import { ALERT_CHANNEL_CONFIGS, ALERT_CHANNEL_TYPES, type AlertChannelType } from '../../../src-shared/schemas/alert-channel';
import { CHANNEL_KEY_VALUE_MEMBERS, CHANNEL_SECRET_MEMBERS, CHANNEL_URL_SECRETS, SEALED_URL_MEMBER } from '../../../src-shared/rules/secrets';

/**
 * A stored config, per channel type: the create schema's members, except those kept sealed at rest
 * (credentials, secret header and query values, a URL holding credentials: `url` keeps its masked
 * form and `urlSealed` the sealed one), which are read as they are and opened only for delivery.
 */
function storedConfigOf(type: AlertChannelType): z.ZodType<Record<string, unknown>> {
  const sealed = [...(CHANNEL_SECRET_MEMBERS[type] ?? []), ...(CHANNEL_KEY_VALUE_MEMBERS[type] ?? []), ...(CHANNEL_URL_SECRETS[type] ? ['url', SEALED_URL_MEMBER] : [])];
  return z.looseObject({ ...ALERT_CHANNEL_CONFIGS[type].shape, ...Object.fromEntries(sealed.map((member) => [member, z.unknown().optional()])) });
}

const STORED_CONFIGS = Object.fromEntries(ALERT_CHANNEL_TYPES.map((type) => [type, storedConfigOf(type)])) as Record<AlertChannelType, z.ZodType<Record<string, unknown>>>;

/** What the `body` column holds; type and autoSubscribe have columns of their own. */
const StoredChannelFlags = z.object({
  sendRecovery: z.boolean(),
  sendFailure: z.boolean(),
  sendDegraded: z.boolean(),
  sslExpiry: z.boolean(),
  sslExpiryThreshold: z.number().int(),
  /** Absent in channels stored before the flag existed: they get the notices (the default). */
  sendSystemNotices: z.boolean().optional(),
});
export type StoredChannelBody = z.infer<typeof StoredChannelFlags> & { config: Record<string, unknown> };

const storedBodies = new Map(ALERT_CHANNEL_TYPES.map((type) => [type, StoredChannelFlags.extend({ config: STORED_CONFIGS[type] })]));

type AlertChannelColumns = typeof alertChannels.$inferSelect;
/** A channel as services see it: its type one of ALERT_CHANNEL_TYPES, its body parsed for that type. */
export type AlertChannelRow = Omit<AlertChannelColumns, 'type' | 'body'> & { type: AlertChannelType; body: StoredChannelBody };
export type NewAlertChannelRow = Omit<AlertChannelRow, 'id'>;

/** The stored row parsed, or undefined (reported, see stored-rows.ts) when its type or body does not. */
function parsedRow(row: AlertChannelColumns): AlertChannelRow | undefined {
  const stored = { table: 'alert_channels', id: row.id, stamp: row.updatedAt };
  const type = parseStored(z.enum(ALERT_CHANNEL_TYPES), row.type, stored);
  const body = type && parseStored(storedBodies.get(type) as z.ZodType<StoredChannelBody>, row.body, stored);
  return type && body ? { ...row, type, body } : undefined;
}

function parsedRows(rows: AlertChannelColumns[]): AlertChannelRow[] {
  return rows.map(parsedRow).filter((row): row is AlertChannelRow => row !== undefined);
}

export async function listAllAlertChannels(db: Db, accountId: string): Promise<AlertChannelRow[]> {
  db = await ready(db);
  return parsedRows(await all(db.select().from(alertChannels).where(eq(alertChannels.accountId, accountId)).orderBy(asc(alertChannels.id))));
}

export async function findAlertChannel(db: Db, accountId: string, id: number): Promise<AlertChannelRow | undefined> {
  db = await ready(db);
  const row = await get(db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id))));
  return row && parsedRow(row);
}

/** Oldest first, so a channel keeps its place in the list as others are added. */
export async function listAlertChannelPage(db: Db, accountId: string, limit: number, offset: number): Promise<AlertChannelRow[]> {
  db = await ready(db);
  return parsedRows(await all(db
      .select()
      .from(alertChannels)
      .where(eq(alertChannels.accountId, accountId))
      .orderBy(asc(alertChannels.id))
      .limit(limit)
      .offset(offset)));
}

export async function countAlertChannels(db: Db, accountId: string): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.accountId, accountId))))?.n ?? 0;
}

export async function insertAlertChannel(db: Db, row: NewAlertChannelRow): Promise<AlertChannelRow> {
  db = await ready(db);
  const stored = await get(db.insert(alertChannels).values(row).returning());
  return { ...stored, type: row.type, body: row.body };
}

export async function replaceAlertChannel(db: Db, row: AlertChannelRow): Promise<void> {
  db = await ready(db);
  await run(db.update(alertChannels)
        .set({ type: row.type, autoSubscribe: row.autoSubscribe, body: row.body, updatedAt: row.updatedAt })
        .where(and(eq(alertChannels.accountId, row.accountId), eq(alertChannels.id, row.id))));
}

/** Its subscriptions go with it (ON DELETE CASCADE). */
export async function deleteAlertChannel(db: Db, accountId: string, id: number): Promise<boolean> {
  db = await ready(db);
  return (await run(db
      .delete(alertChannels)
      .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id))))).changes > 0;
}
