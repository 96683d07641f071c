import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertChannels, alertNotifications, appSettings, checkGroups, checkRows, checks } from '../schema';

/** One stored JSON document holding secrets: a check body, a group body, a channel body or a settings value. */
export interface SecretHolder {
  key: string | number;
  accountId: string;
  type?: string;
  value: Record<string, unknown>;
}

/** Checks whose body may hold a secret variable (a cheap text filter; the service decides). */
export async function checksWithSecretVariables(db: Db): Promise<SecretHolder[]> {
  await ready(db);
  return db
    .select({ key: checks.id, accountId: checks.accountId, value: checks.body })
    .from(checks)
    .where(like(checks.body, '%"secret":true%'))
    .all();
}

export async function setCheckBody(db: Db, id: string, body: Record<string, unknown>): Promise<void> {
  await ready(db);
  db.update(checkRows).set({ body }).where(eq(checkRows.id, id)).run();
}

export async function allCheckGroupBodies(db: Db): Promise<SecretHolder[]> {
  await ready(db);
  return db.select({ key: checkGroups.id, accountId: checkGroups.accountId, value: checkGroups.body }).from(checkGroups).all();
}

export async function setCheckGroupBody(db: Db, id: number, body: Record<string, unknown>): Promise<void> {
  await ready(db);
  db.update(checkGroups).set({ body }).where(eq(checkGroups.id, id)).run();
}

export async function channelsOfTypes(db: Db, types: string[]): Promise<SecretHolder[]> {
  await ready(db);
  return db
    .select({ key: alertChannels.id, accountId: alertChannels.accountId, type: alertChannels.type, value: alertChannels.body })
    .from(alertChannels)
    .where(inArray(alertChannels.type, types))
    .all();
}

export async function setChannelBody(db: Db, id: number, body: Record<string, unknown>): Promise<void> {
  await ready(db);
  db.update(alertChannels).set({ body }).where(eq(alertChannels.id, id)).run();
}

export async function settingsOfKey(db: Db, key: string): Promise<SecretHolder[]> {
  await ready(db);
  return db.select({ key: appSettings.key, accountId: appSettings.accountId, value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).all();
}

export async function setSettingValue(db: Db, accountId: string, key: string, value: Record<string, unknown>): Promise<void> {
  await ready(db);
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
export async function notificationConfigsAfter(db: Db, types: string[], afterRowid: number, limit: number): Promise<NotificationConfigRow[]> {
  await ready(db);
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

export async function setNotificationConfigs(db: Db, id: string, alertConfig: Record<string, unknown>, sealedConfig: Record<string, unknown> | null): Promise<void> {
  await ready(db);
  db.update(alertNotifications).set({ alertConfig, sealedConfig }).where(eq(alertNotifications.id, id)).run();
}

/**
 * Zeroes what rewritten rows leave behind (`secure_delete`) while `write` runs, then checkpoints and
 * truncates the WAL, so plaintext secrets replaced by sealed ones are gone from both files.
 */
export async function withSecureDelete(db: Db, write: () => Promise<void>): Promise<void> {
  await ready(db);
  db.run(sql.raw('PRAGMA secure_delete = ON'));
  try {
    await write();
  } finally {
    db.run(sql.raw('PRAGMA secure_delete = OFF'));
  }
  db.all(sql.raw('PRAGMA wal_checkpoint(TRUNCATE)'));
}
