import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertChannels } from '../tables';
import { all, get, run } from "../dialect";

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type NewAlertChannelRow = Omit<AlertChannelRow, 'id'>;

export async function listAllAlertChannels(db: Db, accountId: string): Promise<AlertChannelRow[]> {
  db = await ready(db);
  return await all(db.select().from(alertChannels).where(eq(alertChannels.accountId, accountId)).orderBy(asc(alertChannels.id)));
}

export async function findAlertChannel(db: Db, accountId: string, id: number): Promise<AlertChannelRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id))));
}

/** Oldest first, so a channel keeps its place in the list as others are added. */
export async function listAlertChannelPage(db: Db, accountId: string, limit: number, offset: number): Promise<AlertChannelRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(alertChannels)
      .where(eq(alertChannels.accountId, accountId))
      .orderBy(asc(alertChannels.id))
      .limit(limit)
      .offset(offset));
}

export async function countAlertChannels(db: Db, accountId: string): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.accountId, accountId))))?.n ?? 0;
}

export async function insertAlertChannel(db: Db, row: NewAlertChannelRow): Promise<AlertChannelRow> {
  db = await ready(db);
  return await get(db.insert(alertChannels).values(row).returning());
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
