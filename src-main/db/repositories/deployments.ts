import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { deployments } from '../schema';
import { hasTable } from './schema-info';

export type DeploymentRow = typeof deployments.$inferSelect;
export type NewDeploymentRow = typeof deployments.$inferInsert;

export function insertDeployment(db: Db, row: NewDeploymentRow): void {
  db.insert(deployments).values(row).run();
}

export function findDeployment(db: Db, accountId: string, projectId: string, id: string): DeploymentRow | undefined {
  return db
    .select()
    .from(deployments)
    .where(and(eq(deployments.accountId, accountId), eq(deployments.projectId, projectId), eq(deployments.id, id)))
    .get();
}

/** The project's deployment still running, if any (at most one runs at a time). */
export function runningDeployment(db: Db, projectId: string): DeploymentRow | undefined {
  return db
    .select()
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'IN_PROGRESS')))
    .orderBy(desc(deployments.createdAt))
    .get();
}

export function finishDeployment(db: Db, id: string, set: Pick<DeploymentRow, 'status' | 'diff' | 'error' | 'finishedAt'>): void {
  db.update(deployments).set(set).where(eq(deployments.id, id)).run();
}

/** Deletes the project's refused deployments beyond the newest `keep` (a client retrying in a loop must not grow the history without end). */
export function pruneRefusedDeployments(db: Db, projectId: string, keep: number): void {
  const kept = db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'REFUSED')))
    .orderBy(desc(deployments.createdAt))
    .limit(keep)
    .all()
    .map((row) => row.id);
  const refused = and(eq(deployments.projectId, projectId), eq(deployments.status, 'REFUSED'));
  db.delete(deployments)
    .where(kept.length > 0 ? and(refused, notInArray(deployments.id, kept)) : refused)
    .run();
}

/** Destroys that were still deleting (IN_PROGRESS) when the process stopped: start-up finishes them. */
export function interruptedDestroys(db: Db): DeploymentRow[] {
  if (!hasTable(db, 'deployments')) return [];
  return db
    .select()
    .from(deployments)
    .where(and(eq(deployments.status, 'IN_PROGRESS'), eq(deployments.operation, 'destroy')))
    .orderBy(deployments.createdAt)
    .all();
}
