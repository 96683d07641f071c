import { and, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { checkGroups } from '../schema';

export type CheckGroupRow = typeof checkGroups.$inferSelect;

export function findCheckGroup(db: Db, accountId: string, id: number): CheckGroupRow | undefined {
  return db
    .select()
    .from(checkGroups)
    .where(and(eq(checkGroups.accountId, accountId), eq(checkGroups.id, id)))
    .get();
}
