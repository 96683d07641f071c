import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { deployments } from '../schema';

export type DeploymentRow = typeof deployments.$inferSelect;

export function insertDeployment(db: Db, row: DeploymentRow): void {
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
