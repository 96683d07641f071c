import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { accountVariables } from '../schema';

export type AccountVariableRow = typeof accountVariables.$inferSelect;

export async function listAccountVariables(db: Db, accountId: string): Promise<AccountVariableRow[]> {
  await ready(db);
  return db.select().from(accountVariables).where(eq(accountVariables.accountId, accountId)).orderBy(asc(accountVariables.createdAt), asc(accountVariables.key)).all();
}

/** The variables of several accounts at once, for run plans. */
export async function listVariablesOfAccounts(db: Db, accountIds: readonly string[]): Promise<AccountVariableRow[]> {
  await ready(db);
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(accountVariables)
    .where(inArray(accountVariables.accountId, [...accountIds]))
    .orderBy(asc(accountVariables.createdAt), asc(accountVariables.key))
    .all();
}

export async function countAccountVariables(db: Db, accountId: string): Promise<number> {
  await ready(db);
  const row = db.select({ n: sql<number>`count(*)` }).from(accountVariables).where(eq(accountVariables.accountId, accountId)).get();
  return row?.n ?? 0;
}

export async function findAccountVariable(db: Db, accountId: string, key: string): Promise<AccountVariableRow | undefined> {
  await ready(db);
  return db
    .select()
    .from(accountVariables)
    .where(and(eq(accountVariables.accountId, accountId), eq(accountVariables.key, key)))
    .get();
}

export async function insertAccountVariable(db: Db, row: AccountVariableRow): Promise<void> {
  await ready(db);
  db.insert(accountVariables).values(row).run();
}

export async function updateAccountVariable(db: Db, row: AccountVariableRow): Promise<void> {
  await ready(db);
  db.update(accountVariables)
    .set({ value: row.value, locked: row.locked, secret: row.secret, updatedAt: row.updatedAt })
    .where(and(eq(accountVariables.accountId, row.accountId), eq(accountVariables.key, row.key)))
    .run();
}

export async function deleteAccountVariable(db: Db, accountId: string, key: string): Promise<boolean> {
  await ready(db);
  const result = db.delete(accountVariables).where(and(eq(accountVariables.accountId, accountId), eq(accountVariables.key, key))).run();
  return result.changes > 0;
}

/** Changes whenever an account variable is added, changed or removed (part of the scheduler's change marker). */
export async function accountVariablesFingerprint(db: Db): Promise<string> {
  await ready(db);
  const row = db.get<{ c: number; u: string | null }>(sql`select count(*) as c, max(${accountVariables.updatedAt}) as u from ${accountVariables}`);
  return `${row.c}|${row.u ?? ''}`;
}
