import { and, eq, isNull } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { accounts, apiKeys, members } from '../tables';
import { all, get, run } from "../dialect";

export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function findFirstAccount(db: Db): Promise<AccountRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(accounts).orderBy(accounts.createdAt).limit(1));
}

export async function listAccountIds(db: Db): Promise<string[]> {
  db = await ready(db);
  return (await all(db.select({ id: accounts.id }).from(accounts).orderBy(accounts.createdAt))).map((row) => row.id);
}

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(accounts).where(eq(accounts.id, id)));
}

export async function insertAccount(db: Db, row: AccountRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(accounts).values(row));
}

export async function updateAccount(db: Db, id: string, patch: Partial<Omit<AccountRow, 'id'>>): Promise<void> {
  db = await ready(db);
  await run(db.update(accounts).set(patch).where(eq(accounts.id, id)));
}

export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)));
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
  db = await ready(db);
  const row = await get(db
      .select({ keyHash: apiKeys.keyHash, accountId: apiKeys.accountId, memberId: apiKeys.memberId, keyRole: apiKeys.role, memberRole: members.role })
      .from(apiKeys)
      .leftJoin(members, eq(members.id, apiKeys.memberId))
      .where(eq(apiKeys.keyHash, keyHash)));
  if (!row) return undefined;
  return { keyHash: row.keyHash, accountId: row.accountId, memberId: row.memberId, role: row.memberRole ?? row.keyRole };
}

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(apiKeys).values(row));
}

/** Replaces a stored key hash (a legacy sha256 becomes the keyed hash); false when no row held it. */
export async function replaceApiKeyHash(db: Db, oldHash: string, newHash: string): Promise<boolean> {
  db = await ready(db);
  return (await run(db.update(apiKeys).set({ keyHash: newHash }).where(eq(apiKeys.keyHash, oldHash)))).changes > 0;
}

export type MemberRow = typeof members.$inferSelect;

export async function findOwnerMember(db: Db, accountId: string): Promise<MemberRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.role, 'OWNER')))
      .orderBy(members.createdAt)
      .limit(1));
}

export async function insertMember(db: Db, row: MemberRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(members).values(row));
}

/** Keys made before members existed belong to the account's first owner. */
export async function adoptOrphanKeys(db: Db, accountId: string, memberId: string): Promise<void> {
  db = await ready(db);
  await run(db.update(apiKeys)
        .set({ memberId })
        .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.memberId))));
}
