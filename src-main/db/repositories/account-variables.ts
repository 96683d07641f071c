import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { accountVariables } from '../schema';

export type AccountVariableRow = typeof accountVariables.$inferSelect;

export function listAccountVariables(db: Db, accountId: string): AccountVariableRow[] {
  return db.select().from(accountVariables).where(eq(accountVariables.accountId, accountId)).orderBy(asc(accountVariables.createdAt), asc(accountVariables.key)).all();
}

/** The variables of several accounts at once, for run plans. */
export function listVariablesOfAccounts(db: Db, accountIds: readonly string[]): AccountVariableRow[] {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(accountVariables)
    .where(inArray(accountVariables.accountId, [...accountIds]))
    .orderBy(asc(accountVariables.createdAt), asc(accountVariables.key))
    .all();
}

export function countAccountVariables(db: Db, accountId: string): number {
  const row = db.select({ n: sql<number>`count(*)` }).from(accountVariables).where(eq(accountVariables.accountId, accountId)).get();
  return row?.n ?? 0;
}

export function findAccountVariable(db: Db, accountId: string, key: string): AccountVariableRow | undefined {
  return db
    .select()
    .from(accountVariables)
    .where(and(eq(accountVariables.accountId, accountId), eq(accountVariables.key, key)))
    .get();
}

export function insertAccountVariable(db: Db, row: AccountVariableRow): void {
  db.insert(accountVariables).values(row).run();
}

export function updateAccountVariable(db: Db, row: AccountVariableRow): void {
  db.update(accountVariables)
    .set({ value: row.value, locked: row.locked, secret: row.secret, updatedAt: row.updatedAt })
    .where(and(eq(accountVariables.accountId, row.accountId), eq(accountVariables.key, row.key)))
    .run();
}

export function deleteAccountVariable(db: Db, accountId: string, key: string): boolean {
  const result = db.delete(accountVariables).where(and(eq(accountVariables.accountId, accountId), eq(accountVariables.key, key))).run();
  return result.changes > 0;
}

/** Changes whenever an account variable is added, changed or removed (part of the scheduler's change marker). */
export function accountVariablesFingerprint(db: Db): string {
  const row = db.get<{ c: number; u: string | null }>(sql`select count(*) as c, max(${accountVariables.updatedAt}) as u from ${accountVariables}`);
  return `${row.c}|${row.u ?? ''}`;
}
