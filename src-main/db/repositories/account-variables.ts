import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { accountVariables } from '../tables';
import { all, get, getSql, run } from "../dialect";

export type AccountVariableRow = typeof accountVariables.$inferSelect;

export async function listAccountVariables(db: Db, accountId: string): Promise<AccountVariableRow[]> {
  db = await ready(db);
  return await all(db.select().from(accountVariables).where(eq(accountVariables.accountId, accountId)).orderBy(asc(accountVariables.createdAt), asc(accountVariables.key)));
}

/** The variables of several accounts at once, for run plans. */
export async function listVariablesOfAccounts(db: Db, accountIds: readonly string[]): Promise<AccountVariableRow[]> {
  db = await ready(db);
  if (accountIds.length === 0) return [];
  return await all(db
      .select()
      .from(accountVariables)
      .where(inArray(accountVariables.accountId, [...accountIds]))
      .orderBy(asc(accountVariables.createdAt), asc(accountVariables.key)));
}

export async function countAccountVariables(db: Db, accountId: string): Promise<number> {
  db = await ready(db);
  const row = await get(db.select({ n: sql<number>`count(*)` }).from(accountVariables).where(eq(accountVariables.accountId, accountId)));
  return row?.n ?? 0;
}

export async function findAccountVariable(db: Db, accountId: string, key: string): Promise<AccountVariableRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(accountVariables)
      .where(and(eq(accountVariables.accountId, accountId), eq(accountVariables.key, key))));
}

export async function insertAccountVariable(db: Db, row: AccountVariableRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(accountVariables).values(row));
}

export async function updateAccountVariable(db: Db, row: AccountVariableRow): Promise<void> {
  db = await ready(db);
  await run(db.update(accountVariables)
        .set({ value: row.value, locked: row.locked, secret: row.secret, updatedAt: row.updatedAt })
        .where(and(eq(accountVariables.accountId, row.accountId), eq(accountVariables.key, row.key))));
}

export async function deleteAccountVariable(db: Db, accountId: string, key: string): Promise<boolean> {
  db = await ready(db);
  const result = await run(db.delete(accountVariables).where(and(eq(accountVariables.accountId, accountId), eq(accountVariables.key, key))));
  return result.changes > 0;
}

/** Changes whenever an account variable is added, changed or removed (part of the scheduler's change marker). */
export async function accountVariablesFingerprint(db: Db): Promise<string> {
  db = await ready(db);
  const row = await getSql<{ c: number; u: string | null }>(db, sql`select count(*) as c, max(${accountVariables.updatedAt}) as u from ${accountVariables}`);
  return `${row.c}|${row.u ?? ''}`;
}
