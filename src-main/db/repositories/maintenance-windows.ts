import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { checkGroups, checks, maintenanceWindows } from '../tables';
import { all, get, onPostgres, run } from "../dialect";

export type MaintenanceWindowRow = typeof maintenanceWindows.$inferSelect;
export type NewMaintenanceWindowRow = Omit<MaintenanceWindowRow, 'id'>;

// Every write below bumps it, so the scheduler re-reads the windows only after a change (this
// process is the only writer of its data folder; a rolled-back write costs one needless re-read).
// PostgreSQL (team mode): the servers sharing the database write windows too, so the version also
// moves on every OTHER_WRITERS_MS and a window another server wrote applies within that time.
let version = 0;
const OTHER_WRITERS_MS = 5_000;
let otherWritersSlot = 0;

export function maintenanceWindowsVersion(): number {
  if (onPostgres()) {
    const slot = Math.floor(Date.now() / OTHER_WRITERS_MS);
    if (slot !== otherWritersSlot) {
      otherWritersSlot = slot;
      version++;
    }
  }
  return version;
}

export async function listMaintenanceWindows(db: Db, accountId: string): Promise<MaintenanceWindowRow[]> {
  db = await ready(db);
  return await all(db.select().from(maintenanceWindows).where(eq(maintenanceWindows.accountId, accountId)).orderBy(asc(maintenanceWindows.id)));
}

/** Every account's windows: the scheduler decides for all checks at once (bounded per account). */
export async function listAllMaintenanceWindows(db: Db): Promise<MaintenanceWindowRow[]> {
  db = await ready(db);
  return await all(db.select().from(maintenanceWindows).orderBy(asc(maintenanceWindows.id)));
}

export async function countMaintenanceWindows(db: Db, accountId: string): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: sql<number>`count(*)` }).from(maintenanceWindows).where(eq(maintenanceWindows.accountId, accountId))))?.n ?? 0;
}

export async function findMaintenanceWindow(db: Db, accountId: string, id: number): Promise<MaintenanceWindowRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(maintenanceWindows)
      .where(and(eq(maintenanceWindows.accountId, accountId), eq(maintenanceWindows.id, id))));
}

export async function insertMaintenanceWindow(db: Db, row: NewMaintenanceWindowRow): Promise<MaintenanceWindowRow> {
  db = await ready(db);
  version++;
  return await get(db.insert(maintenanceWindows).values(row).returning());
}

export async function replaceMaintenanceWindow(db: Db, row: MaintenanceWindowRow): Promise<void> {
  db = await ready(db);
  version++;
  const { id, accountId, createdAt: _createdAt, ...rest } = row;
  await run(db.update(maintenanceWindows)
        .set(rest)
        .where(and(eq(maintenanceWindows.accountId, accountId), eq(maintenanceWindows.id, id))));
}

export async function deleteMaintenanceWindow(db: Db, accountId: string, id: number): Promise<boolean> {
  db = await ready(db);
  version++;
  return (await run(db.delete(maintenanceWindows).where(and(eq(maintenanceWindows.accountId, accountId), eq(maintenanceWindows.id, id))))).changes > 0;
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
export async function maintainedChecks(db: Db, which: { checkIds: readonly string[] } | { accountId: string }): Promise<MaintainedCheckRow[]> {
  db = await ready(db);
  if ('checkIds' in which && which.checkIds.length === 0) return [];
  return await all(db
      .select({ id: checks.id, name: checks.name, accountId: checks.accountId, tags: checks.tags, groupId: checks.groupId, groupBody: checkGroups.body })
      .from(checks)
      .leftJoin(checkGroups, eq(checkGroups.id, checks.groupId))
      .where('checkIds' in which ? inArray(checks.id, [...which.checkIds]) : eq(checks.accountId, which.accountId))
      .orderBy(asc(checks.name)));
}
