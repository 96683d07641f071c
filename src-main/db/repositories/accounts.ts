import { eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { accounts, apiKeys } from '../schema';

export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function findFirstAccount(db: Db): AccountRow | undefined {
  return db.select().from(accounts).orderBy(accounts.createdAt).limit(1).get();
}

export function findAccount(db: Db, id: string): AccountRow | undefined {
  return db.select().from(accounts).where(eq(accounts.id, id)).get();
}

export function insertAccount(db: Db, row: AccountRow): void {
  db.insert(accounts).values(row).run();
}

export function updateAccount(db: Db, id: string, patch: Partial<Omit<AccountRow, 'id'>>): void {
  db.update(accounts).set(patch).where(eq(accounts.id, id)).run();
}

export function findApiKeyByHash(db: Db, keyHash: string): ApiKeyRow | undefined {
  return db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
}

export function insertApiKey(db: Db, row: ApiKeyRow): void {
  db.insert(apiKeys).values(row).run();
}

