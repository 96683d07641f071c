import { and, eq, isNull } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { accounts, apiKeys, members } from '../schema';

export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findFirstAccount(db: Db): Promise<AccountRow | undefined> {
  await ready(db);
  return db.select().from(accounts).orderBy(accounts.createdAt).limit(1).get();
}

export async function listAccountIds(db: Db): Promise<string[]> {
  await ready(db);
  return db.select({ id: accounts.id }).from(accounts).orderBy(accounts.createdAt).all().map((row) => row.id);
}

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  await ready(db);
  return db.select().from(accounts).where(eq(accounts.id, id)).get();
}

export async function insertAccount(db: Db, row: AccountRow): Promise<void> {
  await ready(db);
  db.insert(accounts).values(row).run();
}

export async function updateAccount(db: Db, id: string, patch: Partial<Omit<AccountRow, 'id'>>): Promise<void> {
  await ready(db);
  db.update(accounts).set(patch).where(eq(accounts.id, id)).run();
}

export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  await ready(db);
  return db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
}

export interface KeyHolder {
  keyHash: string;
  accountId: string;
  memberId: string | null;
  /** The member's current role; the key's own role only for a key without a member. */
  role: string;
}

/** The key and the member holding it: a role change of the member applies to its keys at once. */
export async function findKeyHolderByHash(db: Db, keyHash: string): Promise<KeyHolder | undefined> {
  await ready(db);
  const row = db
    .select({ keyHash: apiKeys.keyHash, accountId: apiKeys.accountId, memberId: apiKeys.memberId, keyRole: apiKeys.role, memberRole: members.role })
    .from(apiKeys)
    .leftJoin(members, eq(members.id, apiKeys.memberId))
    .where(eq(apiKeys.keyHash, keyHash))
    .get();
  if (!row) return undefined;
  return { keyHash: row.keyHash, accountId: row.accountId, memberId: row.memberId, role: row.memberRole ?? row.keyRole };
}

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await ready(db);
  db.insert(apiKeys).values(row).run();
}

/** Replaces a stored key hash (a legacy sha256 becomes the keyed hash); false when no row held it. */
export async function replaceApiKeyHash(db: Db, oldHash: string, newHash: string): Promise<boolean> {
  await ready(db);
  return db.update(apiKeys).set({ keyHash: newHash }).where(eq(apiKeys.keyHash, oldHash)).run().changes > 0;
}

export type MemberRow = typeof members.$inferSelect;

export async function findOwnerMember(db: Db, accountId: string): Promise<MemberRow | undefined> {
  await ready(db);
  return db
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, 'OWNER')))
    .orderBy(members.createdAt)
    .limit(1)
    .get();
}

export async function insertMember(db: Db, row: MemberRow): Promise<void> {
  await ready(db);
  db.insert(members).values(row).run();
}

/** Keys made before members existed belong to the account's first owner. */
export async function adoptOrphanKeys(db: Db, accountId: string, memberId: string): Promise<void> {
  await ready(db);
  db.update(apiKeys)
    .set({ memberId })
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.memberId)))
    .run();
}
