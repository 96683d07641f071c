import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../prepared';
import { type Db, ready } from '../connection';
import { appSettings } from '../tables';
import { get, run } from "../dialect";
import { lockKey } from '../row-locks';

export async function readAppSetting(db: Db, accountId: string, key: string): Promise<Record<string, unknown> | null> {
  db = await ready(db);
  // Prepared once per connection: alerting reads the delivery settings for every alert it raises.
  const query = prepared(db, 'readAppSetting', (d) =>
    d
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(and(eq(appSettings.accountId, sql.placeholder('accountId')), eq(appSettings.key, sql.placeholder('key'))))
      .prepare(),
  );
  return (await get(query, { accountId, key }))?.value ?? null;
}

/**
 * Before reading a settings document to write it back changed (a partial update): until the
 * caller's transaction ends, the same lock taken on another server waits, then reads what this one
 * wrote, so neither loses the other's fields. A named lock rather than the row's own: the document
 * may not exist yet, and the row's key is two columns. No-op on SQLite (one writer).
 */
export async function lockAppSetting(db: Db, accountId: string, key: string): Promise<void> {
  await lockKey(db, `app_settings:${accountId}:${key}`);
}

export async function writeAppSetting(db: Db, accountId: string, key: string, value: Record<string, unknown>, now: number): Promise<void> {
  db = await ready(db);
  await run(db.insert(appSettings)
        .values({ accountId, key, value, updatedAt: now })
        .onConflictDoUpdate({ target: [appSettings.accountId, appSettings.key], set: { value, updatedAt: now } }));
}
