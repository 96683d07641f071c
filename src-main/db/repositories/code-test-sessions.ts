import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { codeTestSessions } from '../schema';

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
  await ready(db);
  db.insert(codeTestSessions).values(row).run();
}

export async function findCodeTestSession(db: Db, accountId: string, id: string): Promise<CodeTestSessionRow | undefined> {
  await ready(db);
  return db
    .select()
    .from(codeTestSessions)
    .where(and(eq(codeTestSessions.accountId, accountId), eq(codeTestSessions.id, id)))
    .get();
}

export async function updateCodeTestSession(db: Db, accountId: string, id: string, set: { results: unknown[]; stoppedAt: number | null }): Promise<void> {
  await ready(db);
  db.update(codeTestSessions)
    .set(set)
    .where(and(eq(codeTestSessions.accountId, accountId), eq(codeTestSessions.id, id)))
    .run();
}

/** Drops the account's runs beyond the newest `keep` (the list of test sessions keeps as many). */
export async function pruneCodeTestSessions(db: Db, accountId: string, keep: number): Promise<void> {
  await ready(db);
  const newest = db
    .select({ id: codeTestSessions.id })
    .from(codeTestSessions)
    .where(eq(codeTestSessions.accountId, accountId))
    .orderBy(desc(codeTestSessions.startedAt), desc(codeTestSessions.id))
    .limit(keep)
    .all()
    .map((r) => r.id);
  db.delete(codeTestSessions)
    .where(and(eq(codeTestSessions.accountId, accountId), notInArray(codeTestSessions.id, newest)))
    .run();
}
