import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertSubscriptions } from '../schema';

export type AlertSubscriptionRow = typeof alertSubscriptions.$inferSelect;

export function subscriptionsOfCheck(db: Db, checkId: string): AlertSubscriptionRow[] {
  return db.select().from(alertSubscriptions).where(eq(alertSubscriptions.checkId, checkId)).orderBy(asc(alertSubscriptions.id)).all();
}

export function subscriptionsOfChannel(db: Db, alertChannelId: number): AlertSubscriptionRow[] {
  return db.select().from(alertSubscriptions).where(eq(alertSubscriptions.alertChannelId, alertChannelId)).orderBy(asc(alertSubscriptions.id)).all();
}

/** Inserts or updates the (channel, check) or (channel, group) subscription. */
export function upsertSubscription(db: Db, row: Omit<AlertSubscriptionRow, 'id'>): AlertSubscriptionRow {
  const target = row.checkId !== null
    ? and(eq(alertSubscriptions.alertChannelId, row.alertChannelId), eq(alertSubscriptions.checkId, row.checkId))
    : and(eq(alertSubscriptions.alertChannelId, row.alertChannelId), eq(alertSubscriptions.groupId, row.groupId ?? -1));
  const existing = db.select().from(alertSubscriptions).where(target).get();
  if (existing) {
    db.update(alertSubscriptions).set({ activated: row.activated }).where(eq(alertSubscriptions.id, existing.id)).run();
    return { ...existing, activated: row.activated };
  }
  return db.insert(alertSubscriptions).values(row).returning().get();
}
