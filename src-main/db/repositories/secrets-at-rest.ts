import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertChannels, alertNotifications, appSettings, checkGroups, checkRows, checks } from '../tables';
import { all, allSql, onPostgres, run, runSql } from '../dialect';

/** One stored JSON document holding secrets: a check body, a group body, a channel body or a settings value. */
export interface SecretHolder {
  key: string | number;
  accountId: string;
  type?: string;
  value: Record<string, unknown>;
}

/** Checks whose body may hold a secret variable (a cheap text filter; the service decides). */
export async function checksWithSecretVariables(db: Db): Promise<SecretHolder[]> {
  db = await ready(db);
  return await all(db
      .select({ key: checks.id, accountId: checks.accountId, value: checks.body })
      .from(checks)
      // jsonb's text form puts a space after the colon.
      .where(onPostgres() ? sql`${checks.body}::text like '%"secret": true%'` : like(checks.body, '%"secret":true%')));
}

export async function setCheckBody(db: Db, id: string, body: Record<string, unknown>): Promise<void> {
  db = await ready(db);
  await run(db.update(checkRows).set({ body }).where(eq(checkRows.id, id)));
}

export async function allCheckGroupBodies(db: Db): Promise<SecretHolder[]> {
  db = await ready(db);
  return await all(db.select({ key: checkGroups.id, accountId: checkGroups.accountId, value: checkGroups.body }).from(checkGroups));
}

export async function setCheckGroupBody(db: Db, id: number, body: Record<string, unknown>): Promise<void> {
  db = await ready(db);
  await run(db.update(checkGroups).set({ body }).where(eq(checkGroups.id, id)));
}

export async function channelsOfTypes(db: Db, types: string[]): Promise<SecretHolder[]> {
  db = await ready(db);
  return await all(db
      .select({ key: alertChannels.id, accountId: alertChannels.accountId, type: alertChannels.type, value: alertChannels.body })
      .from(alertChannels)
      .where(inArray(alertChannels.type, types)));
}

export async function setChannelBody(db: Db, id: number, body: Record<string, unknown>): Promise<void> {
  db = await ready(db);
  await run(db.update(alertChannels).set({ body }).where(eq(alertChannels.id, id)));
}

export async function settingsOfKey(db: Db, key: string): Promise<SecretHolder[]> {
  db = await ready(db);
  return await all(db.select({ key: appSettings.key, accountId: appSettings.accountId, value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)));
}

export async function setSettingValue(db: Db, accountId: string, key: string, value: Record<string, unknown>): Promise<void> {
  db = await ready(db);
  await run(db.update(appSettings)
        .set({ value })
        .where(and(eq(appSettings.accountId, accountId), eq(appSettings.key, key))));
}

export interface NotificationConfigRow {
  rowid: number;
  id: string;
  type: string;
  status: string;
  alertConfig: Record<string, unknown>;
  sealedConfig: Record<string, unknown> | null;
}

/**
 * A batch of notifications of the given channel types, in storage order after `afterRowid`. PostgreSQL
 * has no rowid: there the position is the row's place in id order (the sealing pass rewrites
 * configs, never ids or rows, inside one transaction).
 */
export async function notificationConfigsAfter(db: Db, types: string[], afterRowid: number, limit: number): Promise<NotificationConfigRow[]> {
  db = await ready(db);
  if (onPostgres()) {
    const rows = await all(db
      .select({ id: alertNotifications.id, type: alertNotifications.type, status: alertNotifications.status, alertConfig: alertNotifications.alertConfig, sealedConfig: alertNotifications.sealedConfig })
      .from(alertNotifications)
      .where(inArray(alertNotifications.type, types))
      .orderBy(asc(alertNotifications.id))
      .offset(afterRowid)
      .limit(limit));
    return rows.map((row, i) => ({ rowid: afterRowid + i + 1, ...row }));
  }
  return await all(db
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
      .limit(limit));
}

export async function setNotificationConfigs(db: Db, id: string, alertConfig: Record<string, unknown>, sealedConfig: Record<string, unknown> | null): Promise<void> {
  db = await ready(db);
  await run(db.update(alertNotifications).set({ alertConfig, sealedConfig }).where(eq(alertNotifications.id, id)));
}

/**
 * Zeroes what rewritten rows leave behind (`secure_delete`) while `write` runs, then checkpoints and
 * truncates the WAL, so plaintext secrets replaced by sealed ones are gone from both files.
 */
export async function withSecureDelete(db: Db, write: () => Promise<void>): Promise<void> {
  db = await ready(db);
  // PostgreSQL: a team database is made by `db copy` from a folder whose secrets the copying
  // version sealed first, or by a server that seals as it writes, so it never held plaintext.
  if (onPostgres()) return write();
  await runSql(db, sql.raw('PRAGMA secure_delete = ON'));
  try {
    await write();
  } finally {
    await runSql(db, sql.raw('PRAGMA secure_delete = OFF'));
  }
  await allSql(db, sql.raw('PRAGMA wal_checkpoint(TRUNCATE)'));
}
