import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertChannels } from '../schema';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type NewAlertChannelRow = Omit<AlertChannelRow, 'id'>;

export async function listAllAlertChannels(db: Db, accountId: string): Promise<AlertChannelRow[]> {
  await ready(db);
  return db.select().from(alertChannels).where(eq(alertChannels.accountId, accountId)).orderBy(asc(alertChannels.id)).all();
}

export async function findAlertChannel(db: Db, accountId: string, id: number): Promise<AlertChannelRow | undefined> {
  await ready(db);
  return db
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id)))
    .get();
}

/** Oldest first, so a channel keeps its place in the list as others are added. */
export async function listAlertChannelPage(db: Db, accountId: string, limit: number, offset: number): Promise<AlertChannelRow[]> {
  await ready(db);
  return db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.accountId, accountId))
    .orderBy(asc(alertChannels.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export async function countAlertChannels(db: Db, accountId: string): Promise<number> {
  await ready(db);
  return db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.accountId, accountId)).get()?.n ?? 0;
}

export async function insertAlertChannel(db: Db, row: NewAlertChannelRow): Promise<AlertChannelRow> {
  await ready(db);
  return db.insert(alertChannels).values(row).returning().get();
}

export async function replaceAlertChannel(db: Db, row: AlertChannelRow): Promise<void> {
  await ready(db);
  db.update(alertChannels)
    .set({ type: row.type, autoSubscribe: row.autoSubscribe, body: row.body, updatedAt: row.updatedAt })
    .where(and(eq(alertChannels.accountId, row.accountId), eq(alertChannels.id, row.id)))
    .run();
}

/** Its subscriptions go with it (ON DELETE CASCADE). */
export async function deleteAlertChannel(db: Db, accountId: string, id: number): Promise<boolean> {
  await ready(db);
  return db
    .delete(alertChannels)
    .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id)))
    .run().changes > 0;
}
