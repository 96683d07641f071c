import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../connection';
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

export function insertCodeTestSession(db: Db, row: CodeTestSessionRow): void {
  db.insert(codeTestSessions).values(row).run();
}

export function findCodeTestSession(db: Db, accountId: string, id: string): CodeTestSessionRow | undefined {
  return db
    .select()
    .from(codeTestSessions)
    .where(and(eq(codeTestSessions.accountId, accountId), eq(codeTestSessions.id, id)))
    .get();
}

export function updateCodeTestSession(db: Db, accountId: string, id: string, set: { results: unknown[]; stoppedAt: number | null }): void {
  db.update(codeTestSessions)
    .set(set)
    .where(and(eq(codeTestSessions.accountId, accountId), eq(codeTestSessions.id, id)))
    .run();
}

/** Drops the account's runs beyond the newest `keep` (the list of test sessions keeps as many). */
export function pruneCodeTestSessions(db: Db, accountId: string, keep: number): void {
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
