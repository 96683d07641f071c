import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertChannels, alertNotifications, appSettings, checkGroups, checkRows, checks } from '../schema';

/** One stored JSON document holding secrets: a check body, a group body, a channel body or a settings value. */
export interface SecretHolder {
  key: string | number;
  accountId: string;
  type?: string;
  value: Record<string, unknown>;
}

/** Checks whose body may hold a secret variable (a cheap text filter; the service decides). */
export function checksWithSecretVariables(db: Db): SecretHolder[] {
  return db
    .select({ key: checks.id, accountId: checks.accountId, value: checks.body })
    .from(checks)
    .where(like(checks.body, '%"secret":true%'))
    .all();
}

export function setCheckBody(db: Db, id: string, body: Record<string, unknown>): void {
  db.update(checkRows).set({ body }).where(eq(checkRows.id, id)).run();
}

export function allCheckGroupBodies(db: Db): SecretHolder[] {
  return db.select({ key: checkGroups.id, accountId: checkGroups.accountId, value: checkGroups.body }).from(checkGroups).all();
}

export function setCheckGroupBody(db: Db, id: number, body: Record<string, unknown>): void {
  db.update(checkGroups).set({ body }).where(eq(checkGroups.id, id)).run();
}

export function channelsOfTypes(db: Db, types: string[]): SecretHolder[] {
  return db
    .select({ key: alertChannels.id, accountId: alertChannels.accountId, type: alertChannels.type, value: alertChannels.body })
    .from(alertChannels)
    .where(inArray(alertChannels.type, types))
    .all();
}

export function setChannelBody(db: Db, id: number, body: Record<string, unknown>): void {
  db.update(alertChannels).set({ body }).where(eq(alertChannels.id, id)).run();
}

export function settingsOfKey(db: Db, key: string): SecretHolder[] {
  return db.select({ key: appSettings.key, accountId: appSettings.accountId, value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).all();
}

export function setSettingValue(db: Db, accountId: string, key: string, value: Record<string, unknown>): void {
  db.update(appSettings)
    .set({ value })
    .where(and(eq(appSettings.accountId, accountId), eq(appSettings.key, key)))
    .run();
}

export interface NotificationConfigRow {
  rowid: number;
  id: string;
  type: string;
  status: string;
  alertConfig: Record<string, unknown>;
  sealedConfig: Record<string, unknown> | null;
}

/** A batch of notifications of the given channel types, in storage order after `afterRowid`. */
export function notificationConfigsAfter(db: Db, types: string[], afterRowid: number, limit: number): NotificationConfigRow[] {
  return db
    .select({
      rowid: sql<number>`rowid`,
      id: alertNotifications.id,
      type: alertNotifications.type,
      status: alertNotifications.status,
      alertConfig: alertNotifications.alertConfig,
      sealedConfig: alertNotifications.sealedConfig,
    })
    .from(alertNotifications)
    .where(and(inArray(alertNotifications.type, types), gt(sql`rowid`, afterRowid)))
    .orderBy(asc(sql`rowid`))
    .limit(limit)
    .all();
}

export function setNotificationConfigs(db: Db, id: string, alertConfig: Record<string, unknown>, sealedConfig: Record<string, unknown> | null): void {
  db.update(alertNotifications).set({ alertConfig, sealedConfig }).where(eq(alertNotifications.id, id)).run();
}

/**
 * Zeroes what rewritten rows leave behind (`secure_delete`) while `write` runs, then checkpoints and
 * truncates the WAL, so plaintext secrets replaced by sealed ones are gone from both files.
 */
export function withSecureDelete(db: Db, write: () => void): void {
  db.run(sql.raw('PRAGMA secure_delete = ON'));
  try {
    write();
  } finally {
    db.run(sql.raw('PRAGMA secure_delete = OFF'));
  }
  db.all(sql.raw('PRAGMA wal_checkpoint(TRUNCATE)'));
}
