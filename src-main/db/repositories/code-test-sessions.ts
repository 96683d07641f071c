import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { codeTestSessions } from '../tables';
import { all, get, run } from "../dialect";
import { lockRowsForUpdate } from '../row-locks';

export interface CodeTestSessionRow {
  id: string;
  accountId: string;
  name: string;
  projectLogicalId: string | null;
  startedAt: number;
  stoppedAt: number | null;
  results: unknown[];
}

export async function insertCodeTestSession(db: Db, row: CodeTestSessionRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(codeTestSessions).values(row));
}

/** The run's row, locked for the rest of the calling transaction before it is read to be rewritten. */
export async function findCodeTestSessionForUpdate(db: Db, accountId: string, id: string): Promise<CodeTestSessionRow | undefined> {
  await lockRowsForUpdate(db, 'code_test_sessions', 'id', [id]);
  return await findCodeTestSession(db, accountId, id);
}

export async function findCodeTestSession(db: Db, accountId: string, id: string): Promise<CodeTestSessionRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(codeTestSessions)
      .where(and(eq(codeTestSessions.accountId, accountId), eq(codeTestSessions.id, id))));
}

export async function updateCodeTestSession(db: Db, accountId: string, id: string, set: { results: unknown[]; stoppedAt: number | null }): Promise<void> {
  db = await ready(db);
  await run(db.update(codeTestSessions)
        .set(set)
        .where(and(eq(codeTestSessions.accountId, accountId), eq(codeTestSessions.id, id))));
}

/** Drops the account's runs beyond the newest `keep` (the list of test sessions keeps as many). */
export async function pruneCodeTestSessions(db: Db, accountId: string, keep: number): Promise<void> {
  db = await ready(db);
  const newest = (await all(db
      .select({ id: codeTestSessions.id })
      .from(codeTestSessions)
      .where(eq(codeTestSessions.accountId, accountId))
      .orderBy(desc(codeTestSessions.startedAt), desc(codeTestSessions.id))
      .limit(keep)))
    .map((r) => r.id);
  await run(db.delete(codeTestSessions)
        .where(and(eq(codeTestSessions.accountId, accountId), notInArray(codeTestSessions.id, newest))));
}
