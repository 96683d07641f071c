import { and, eq } from 'drizzle-orm';
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
