import { and, asc, count, eq } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { apiKeys, members } from '../schema';

export type MemberRow = typeof members.$inferSelect;

export async function listMembersOfAccount(db: Db, accountId: string): Promise<MemberRow[]> {
  await ready(db);
  return db.select().from(members).where(eq(members.accountId, accountId)).orderBy(asc(members.createdAt), asc(members.id)).all();
}

export async function findMember(db: Db, accountId: string, id: string): Promise<MemberRow | undefined> {
  await ready(db);
  return db
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, id)))
    .get();
}

export async function findMemberByEmail(db: Db, accountId: string, email: string): Promise<MemberRow | undefined> {
  await ready(db);
  return db
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.email, email)))
    .get();
}

export async function countActiveOwners(db: Db, accountId: string): Promise<number> {
  await ready(db);
  const row = db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, 'OWNER'), eq(members.status, 'ACTIVE')))
    .get();
  return row?.n ?? 0;
}

export async function updateMemberEmail(db: Db, id: string, email: string, updatedAt: string): Promise<void> {
  await ready(db);
  db.update(members).set({ email, updatedAt }).where(eq(members.id, id)).run();
}

export async function updateMemberRole(db: Db, id: string, role: string, updatedAt: string): Promise<void> {
  await ready(db);
  db.update(members).set({ role, updatedAt }).where(eq(members.id, id)).run();
  db.update(apiKeys).set({ role }).where(eq(apiKeys.memberId, id)).run();
}

/** Removes the member and revokes (deletes) every key it holds. */
export async function deleteMemberAndKeys(db: Db, id: string): Promise<void> {
  await ready(db);
  db.delete(apiKeys).where(eq(apiKeys.memberId, id)).run();
  db.delete(members).where(eq(members.id, id)).run();
}
