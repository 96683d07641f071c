import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { checkGroups, checks, maintenanceWindows } from '../schema';

export type MaintenanceWindowRow = typeof maintenanceWindows.$inferSelect;
export type NewMaintenanceWindowRow = Omit<MaintenanceWindowRow, 'id'>;

// Every write below bumps it, so the scheduler re-reads the windows only after a change (this
// process is the only writer of its data folder; a rolled-back write costs one needless re-read).
let version = 0;

export function maintenanceWindowsVersion(): number {
  return version;
}

export function listMaintenanceWindows(db: Db, accountId: string): MaintenanceWindowRow[] {
  return db.select().from(maintenanceWindows).where(eq(maintenanceWindows.accountId, accountId)).orderBy(asc(maintenanceWindows.id)).all();
}

/** Every account's windows: the scheduler decides for all checks at once (bounded per account). */
export function listAllMaintenanceWindows(db: Db): MaintenanceWindowRow[] {
  return db.select().from(maintenanceWindows).orderBy(asc(maintenanceWindows.id)).all();
}

export function countMaintenanceWindows(db: Db, accountId: string): number {
  return db.select({ n: sql<number>`count(*)` }).from(maintenanceWindows).where(eq(maintenanceWindows.accountId, accountId)).get()?.n ?? 0;
}

export function findMaintenanceWindow(db: Db, accountId: string, id: number): MaintenanceWindowRow | undefined {
  return db
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.accountId, accountId), eq(maintenanceWindows.id, id)))
    .get();
}

export function insertMaintenanceWindow(db: Db, row: NewMaintenanceWindowRow): MaintenanceWindowRow {
  version++;
  return db.insert(maintenanceWindows).values(row).returning().get();
}

export function replaceMaintenanceWindow(db: Db, row: MaintenanceWindowRow): void {
  version++;
  const { id, accountId, createdAt: _createdAt, ...rest } = row;
  db.update(maintenanceWindows)
    .set(rest)
    .where(and(eq(maintenanceWindows.accountId, accountId), eq(maintenanceWindows.id, id)))
    .run();
}

export function deleteMaintenanceWindow(db: Db, accountId: string, id: number): boolean {
  version++;
  return db.delete(maintenanceWindows).where(and(eq(maintenanceWindows.accountId, accountId), eq(maintenanceWindows.id, id))).run().changes > 0;
}

export interface MaintainedCheckRow {
  id: string;
  name: string;
  accountId: string;
  tags: string[];
  groupId: number | null;
  /** The group's stored body (its tags are the check's too), null without a group. */
  groupBody: Record<string, unknown> | null;
}

/** What windows match on, for the named checks, or for every check of the account. */
export function maintainedChecks(db: Db, which: { checkIds: readonly string[] } | { accountId: string }): MaintainedCheckRow[] {
  if ('checkIds' in which && which.checkIds.length === 0) return [];
  return db
    .select({ id: checks.id, name: checks.name, accountId: checks.accountId, tags: checks.tags, groupId: checks.groupId, groupBody: checkGroups.body })
    .from(checks)
    .leftJoin(checkGroups, eq(checkGroups.id, checks.groupId))
    .where('checkIds' in which ? inArray(checks.id, [...which.checkIds]) : eq(checks.accountId, which.accountId))
    .orderBy(asc(checks.name))
    .all();
}
