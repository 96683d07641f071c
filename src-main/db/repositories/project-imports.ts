import { and, asc, eq, isNull } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertSubscriptions, importPlans, projectBindings, projects } from '../tables';
import type { ProjectRow } from './projects';
import { all, get, run } from "../dialect";

// A project's own row is read and written by projects.ts; the import plans use the same functions.
export { findProjectByLogicalId, insertProjectIfMissing, type ProjectRow } from './projects';
export type ImportPlanRow = typeof importPlans.$inferSelect;
export type ProjectBindingRow = typeof projectBindings.$inferSelect;
export type AlertSubscriptionRow = typeof alertSubscriptions.$inferSelect;
export type NewProjectBindingRow = Omit<typeof projectBindings.$inferInsert, 'id'>;

export async function listProjectRows(db: Db, accountId: string): Promise<ProjectRow[]> {
  db = await ready(db);
  return await all(db.select().from(projects).where(eq(projects.accountId, accountId)).orderBy(asc(projects.createdAt), asc(projects.logicalId)));
}

export async function insertImportPlan(db: Db, row: ImportPlanRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(importPlans).values(row));
}

export async function findImportPlan(db: Db, accountId: string, id: string): Promise<ImportPlanRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(importPlans)
      .where(and(eq(importPlans.accountId, accountId), eq(importPlans.id, id))));
}

export interface PlanFilter {
  projectId?: string;
  onlyUnapplied: boolean;
  onlyUncommitted: boolean;
}

export async function listImportPlanRows(db: Db, accountId: string, filter: PlanFilter): Promise<ImportPlanRow[]> {
  db = await ready(db);
  const conditions = [eq(importPlans.accountId, accountId)];
  if (filter.projectId) conditions.push(eq(importPlans.projectId, filter.projectId));
  if (filter.onlyUnapplied) conditions.push(isNull(importPlans.appliedAt));
  if (filter.onlyUncommitted) conditions.push(isNull(importPlans.committedAt));
  return await all(db
      .select()
      .from(importPlans)
      .where(and(...conditions))
      .orderBy(asc(importPlans.createdAt), asc(importPlans.id)));
}

export async function markImportPlan(db: Db, id: string, set: { appliedAt?: string; committedAt?: string }): Promise<void> {
  db = await ready(db);
  await run(db.update(importPlans).set(set).where(eq(importPlans.id, id)));
}

export async function deleteImportPlan(db: Db, id: string): Promise<void> {
  db = await ready(db);
  await run(db.delete(importPlans).where(eq(importPlans.id, id)));
}

/** Every binding of the account: what is already bound (or reserved) cannot be planned again. */
export async function listAccountBindings(db: Db, accountId: string): Promise<ProjectBindingRow[]> {
  db = await ready(db);
  return await all(db.select().from(projectBindings).where(eq(projectBindings.accountId, accountId)));
}

export async function listProjectBindingRows(db: Db, projectId: string): Promise<ProjectBindingRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(projectBindings)
      .where(eq(projectBindings.projectId, projectId))
      .orderBy(asc(projectBindings.resourceType), asc(projectBindings.logicalId)));
}

export async function insertBindings(db: Db, rows: NewProjectBindingRow[]): Promise<void> {
  db = await ready(db);
  for (const row of rows) await run(db.insert(projectBindings).values(row));
}

/** The plan's bindings become final and no longer belong to it (commit clears the plan id). */
export async function commitPlanBindings(db: Db, planId: string, at: string): Promise<void> {
  db = await ready(db);
  await run(db.update(projectBindings).set({ pending: false, importPlanId: null, updatedAt: at }).where(eq(projectBindings.importPlanId, planId)));
}

/** Every binding still carrying the plan id is the uncommitted plan's, even one a deploy already touched. */
export async function deletePlanBindings(db: Db, planId: string): Promise<void> {
  db = await ready(db);
  await run(db.delete(projectBindings).where(eq(projectBindings.importPlanId, planId)));
}

/** The account's subscriptions with their row ids: a binding names a subscription by its id. */
export async function listAccountSubscriptions(db: Db, accountId: string): Promise<AlertSubscriptionRow[]> {
  db = await ready(db);
  return await all(db.select().from(alertSubscriptions).where(eq(alertSubscriptions.accountId, accountId)).orderBy(asc(alertSubscriptions.id)));
}
