import { and, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { appSettings } from '../schema';

export function readAppSetting(db: Db, accountId: string, key: string): Record<string, unknown> | null {
  return (
    db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(and(eq(appSettings.accountId, accountId), eq(appSettings.key, key)))
      .get()?.value ?? null
  );
}

export function writeAppSetting(db: Db, accountId: string, key: string, value: Record<string, unknown>, now: number): void {
  db.insert(appSettings)
    .values({ accountId, key, value, updatedAt: now })
    .onConflictDoUpdate({ target: [appSettings.accountId, appSettings.key], set: { value, updatedAt: now } })
    .run();
}
