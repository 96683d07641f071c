import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { deployments } from '../tables';
import { hasTable } from './schema-info';
import { all, get, run } from "../dialect";

export type DeploymentRow = typeof deployments.$inferSelect;
export type NewDeploymentRow = typeof deployments.$inferInsert;

export async function insertDeployment(db: Db, row: NewDeploymentRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(deployments).values(row));
}

export async function findDeployment(db: Db, accountId: string, projectId: string, id: string): Promise<DeploymentRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(deployments)
      .where(and(eq(deployments.accountId, accountId), eq(deployments.projectId, projectId), eq(deployments.id, id))));
}

/** The project's deployment still running, if any (at most one runs at a time). */
export async function runningDeployment(db: Db, projectId: string): Promise<DeploymentRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(deployments)
      .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'IN_PROGRESS')))
      .orderBy(desc(deployments.createdAt)));
}

export async function finishDeployment(db: Db, id: string, set: Pick<DeploymentRow, 'status' | 'diff' | 'error' | 'finishedAt'>): Promise<void> {
  db = await ready(db);
  await run(db.update(deployments).set(set).where(eq(deployments.id, id)));
}

/** Deletes the project's refused deployments beyond the newest `keep` (a client retrying in a loop must not grow the history without end). */
export async function pruneRefusedDeployments(db: Db, projectId: string, keep: number): Promise<void> {
  db = await ready(db);
  const kept = (await all(db
      .select({ id: deployments.id })
      .from(deployments)
      .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'REFUSED')))
      .orderBy(desc(deployments.createdAt))
      .limit(keep)))
    .map((row) => row.id);
  const refused = and(eq(deployments.projectId, projectId), eq(deployments.status, 'REFUSED'));
  await run(db.delete(deployments)
        .where(kept.length > 0 ? and(refused, notInArray(deployments.id, kept)) : refused));
}

/** Destroys that were still deleting (IN_PROGRESS) when the process stopped: start-up finishes them. */
export async function interruptedDestroys(db: Db): Promise<DeploymentRow[]> {
  db = await ready(db);
  if (!await hasTable(db, 'deployments')) return [];
  return await all(db
      .select()
      .from(deployments)
      .where(and(eq(deployments.status, 'IN_PROGRESS'), eq(deployments.operation, 'destroy')))
      .orderBy(deployments.createdAt));
}
