import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertChannels } from '../schema';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type NewAlertChannelRow = Omit<AlertChannelRow, 'id'>;

export function listAllAlertChannels(db: Db, accountId: string): AlertChannelRow[] {
  return db.select().from(alertChannels).where(eq(alertChannels.accountId, accountId)).orderBy(asc(alertChannels.id)).all();
}

export function findAlertChannel(db: Db, accountId: string, id: number): AlertChannelRow | undefined {
  return db
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id)))
    .get();
}

/** Oldest first, so a channel keeps its place in the list as others are added. */
export function listAlertChannelPage(db: Db, accountId: string, limit: number, offset: number): AlertChannelRow[] {
  return db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.accountId, accountId))
    .orderBy(asc(alertChannels.id))
    .limit(limit)
    .offset(offset)
    .all();
}

export function countAlertChannels(db: Db, accountId: string): number {
  return db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.accountId, accountId)).get()?.n ?? 0;
}

export function insertAlertChannel(db: Db, row: NewAlertChannelRow): AlertChannelRow {
  return db.insert(alertChannels).values(row).returning().get();
}

export function replaceAlertChannel(db: Db, row: AlertChannelRow): void {
  db.update(alertChannels)
    .set({ type: row.type, autoSubscribe: row.autoSubscribe, body: row.body, updatedAt: row.updatedAt })
    .where(and(eq(alertChannels.accountId, row.accountId), eq(alertChannels.id, row.id)))
    .run();
}

/** Its subscriptions go with it (ON DELETE CASCADE). */
export function deleteAlertChannel(db: Db, accountId: string, id: number): boolean {
  return db
    .delete(alertChannels)
    .where(and(eq(alertChannels.accountId, accountId), eq(alertChannels.id, id)))
    .run().changes > 0;
}
