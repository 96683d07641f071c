import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertChannels } from '../schema';

export type AlertChannelRow = typeof alertChannels.$inferSelect;

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
