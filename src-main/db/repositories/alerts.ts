import { and, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { accounts, checkAlerts, checkAlertStates } from '../schema';

export type CheckAlertStateRow = typeof checkAlertStates.$inferSelect;
export type CheckAlertRow = typeof checkAlerts.$inferSelect;

export function findAlertState(db: Db, checkId: string): CheckAlertStateRow | undefined {
  return db.select().from(checkAlertStates).where(eq(checkAlertStates.checkId, checkId)).get();
}

export function saveAlertState(db: Db, row: CheckAlertStateRow): void {
  db.insert(checkAlertStates)
    .values(row)
    .onConflictDoUpdate({ target: checkAlertStates.checkId, set: { state: row.state, lastSessionId: row.lastSessionId, updatedAt: row.updatedAt } })
    .run();
}

export function insertCheckAlert(db: Db, row: CheckAlertRow): void {
  db.insert(checkAlerts).values(row).run();
}

export function findCheckAlert(db: Db, accountId: string, id: string): CheckAlertRow | undefined {
  return db
    .select()
    .from(checkAlerts)
    .where(and(eq(checkAlerts.accountId, accountId), eq(checkAlerts.id, id)))
    .get();
}

/** The account-wide alert settings, as stored (null when never set). */
export function readAccountAlertSettings(db: Db, accountId: string): unknown {
  return db.select({ alertSettings: accounts.alertSettings }).from(accounts).where(eq(accounts.id, accountId)).get()?.alertSettings ?? null;
}

export function writeAccountAlertSettings(db: Db, accountId: string, alertSettings: Record<string, unknown>): void {
  db.update(accounts).set({ alertSettings }).where(eq(accounts.id, accountId)).run();
}
