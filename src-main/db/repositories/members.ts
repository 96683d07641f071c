import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { apiKeys, members } from '../schema';

export type MemberRow = typeof members.$inferSelect;

export function listMembersOfAccount(db: Db, accountId: string): MemberRow[] {
  return db.select().from(members).where(eq(members.accountId, accountId)).orderBy(asc(members.createdAt), asc(members.id)).all();
}

export function findMember(db: Db, accountId: string, id: string): MemberRow | undefined {
  return db
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, id)))
    .get();
}

export function findMemberByEmail(db: Db, accountId: string, email: string): MemberRow | undefined {
  return db
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.email, email)))
    .get();
}

export function countActiveOwners(db: Db, accountId: string): number {
  const row = db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, 'OWNER'), eq(members.status, 'ACTIVE')))
    .get();
  return row?.n ?? 0;
}

export function updateMemberEmail(db: Db, id: string, email: string, updatedAt: string): void {
  db.update(members).set({ email, updatedAt }).where(eq(members.id, id)).run();
}

export function updateMemberRole(db: Db, id: string, role: string, updatedAt: string): void {
  db.update(members).set({ role, updatedAt }).where(eq(members.id, id)).run();
  db.update(apiKeys).set({ role }).where(eq(apiKeys.memberId, id)).run();
}

/** Removes the member and revokes (deletes) every key it holds. */
export function deleteMemberAndKeys(db: Db, id: string): void {
  db.delete(apiKeys).where(eq(apiKeys.memberId, id)).run();
  db.delete(members).where(eq(members.id, id)).run();
}
