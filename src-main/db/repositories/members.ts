import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { apiKeys, members } from '../tables';
import { all, get, run } from "../dialect";

export type MemberRow = typeof members.$inferSelect;

export async function listMembersOfAccount(db: Db, accountId: string): Promise<MemberRow[]> {
  db = await ready(db);
  return await all(db.select().from(members).where(eq(members.accountId, accountId)).orderBy(asc(members.createdAt), asc(members.id)));
}

export async function findMember(db: Db, accountId: string, id: string): Promise<MemberRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.id, id))));
}

export async function findMemberByEmail(db: Db, accountId: string, email: string): Promise<MemberRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.email, email))));
}

export async function countActiveOwners(db: Db, accountId: string): Promise<number> {
  db = await ready(db);
  const row = await get(db
      .select({ n: count() })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.role, 'OWNER'), eq(members.status, 'ACTIVE'))));
  return row?.n ?? 0;
}

export async function updateMemberEmail(db: Db, id: string, email: string, updatedAt: string): Promise<void> {
  db = await ready(db);
  await run(db.update(members).set({ email, updatedAt }).where(eq(members.id, id)));
}

export async function updateMemberRole(db: Db, id: string, role: string, updatedAt: string): Promise<void> {
  db = await ready(db);
  await run(db.update(members).set({ role, updatedAt }).where(eq(members.id, id)));
  await run(db.update(apiKeys).set({ role }).where(eq(apiKeys.memberId, id)));
}

/** Removes the member and revokes (deletes) every key it holds. */
export async function deleteMemberAndKeys(db: Db, id: string): Promise<void> {
  db = await ready(db);
  await run(db.delete(apiKeys).where(eq(apiKeys.memberId, id)));
  await run(db.delete(members).where(eq(members.id, id)));
}
