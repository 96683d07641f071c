import { latestDeployments, listProjectSummaries } from '../../db/repositories/project-views';
import type { ServiceContext } from '../context';
import { deploymentView, type DeploymentView } from './views';

export interface ProjectSummary {
  id: string;
  logicalId: string;
  name: string;
  repoUrl: string | null;
  createdAt: string;
  /** Resources the project owns, references (`fromId`) and has pending in an import plan. */
  owned: number;
  referenced: number;
  pending: number;
  lastDeployment: DeploymentView | null;
}

/** The account's projects with their resource counts and newest deployment: two queries, whatever the number of projects. */
export async function listProjects(ctx: ServiceContext): Promise<ProjectSummary[]> {
  const rows = await listProjectSummaries(ctx.db, ctx.accountId);
  const latest = new Map((await latestDeployments(ctx.db, rows.map((row) => row.id))).map((row) => [row.projectId, row]));
  return rows.map((row) => {
    const last = latest.get(row.id);
    return {
      id: row.id,
      logicalId: row.logicalId,
      name: row.name,
      repoUrl: row.repoUrl,
      createdAt: row.createdAt,
      owned: row.owned,
      referenced: row.referenced,
      pending: row.pending,
      lastDeployment: last ? deploymentView(last) : null,
    };
  });
}
