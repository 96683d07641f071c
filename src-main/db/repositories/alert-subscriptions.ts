import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertChannels, alertSubscriptions } from '../schema';

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

export function subscriptionsOfChannels(db: Db, alertChannelIds: number[]): AlertSubscriptionRow[] {
  if (alertChannelIds.length === 0) return [];
  return db.select().from(alertSubscriptions).where(inArray(alertSubscriptions.alertChannelId, alertChannelIds)).orderBy(asc(alertSubscriptions.id)).all();
}

/** Removes the channel's subscriptions other than those kept (a PUT that lists the channel's whole set). */
export function deleteSubscriptionsOfChannelExcept(db: Db, alertChannelId: number, keepIds: number[]): void {
  const ofChannel = eq(alertSubscriptions.alertChannelId, alertChannelId);
  db.delete(alertSubscriptions)
    .where(keepIds.length ? and(ofChannel, notInArray(alertSubscriptions.id, keepIds)) : ofChannel)
    .run();
}

/** A check's subscription with the channel it names, for the read shape of checks. */
export interface CheckChannelSubscription {
  checkId: string;
  alertChannelId: number;
  activated: boolean;
  channelType: string;
  channelBody: Record<string, unknown>;
}

/** Every subscription of the given checks with its channel, in one query. */
export function channelSubscriptionsOfChecks(db: Db, checkIds: readonly string[]): CheckChannelSubscription[] {
  if (checkIds.length === 0) return [];
  const rows = db
    .select({
      checkId: alertSubscriptions.checkId,
      alertChannelId: alertSubscriptions.alertChannelId,
      activated: alertSubscriptions.activated,
      channelType: alertChannels.type,
      channelBody: alertChannels.body,
    })
    .from(alertSubscriptions)
    .innerJoin(alertChannels, eq(alertChannels.id, alertSubscriptions.alertChannelId))
    .where(and(isNotNull(alertSubscriptions.checkId), inArray(alertSubscriptions.checkId, [...checkIds])))
    .orderBy(asc(alertSubscriptions.alertChannelId))
    .all();
  return rows.flatMap((row) => (row.checkId === null ? [] : [{ ...row, checkId: row.checkId }]));
}
