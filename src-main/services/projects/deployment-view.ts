import { AppError } from '../../core/errors';
import { findDeployment, type DeploymentRow } from '../../db/repositories/deployments';
import { findProjectByLogicalId, type ProjectRow } from '../../db/repositories/projects';
import type { DiffEntry } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';

/** A deployment as the CLI follows it: `result` once it succeeded, `error` once it failed. */
export interface DeploymentView {
  id: string;
  logicalId: string;
  projectId: string;
  status: string;
  progress: number;
  scheduleOnDeploy: boolean;
  preserveResources: boolean;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  result: { project: { id: string; logicalId: string; name: string; repoUrl: string | null }; diff: DiffEntry[] } | null;
  error: { message: string } | null;
}

/** The stored diff as the CLI reads it: the history's own marks (`changed`) left out. */
function publicDiff(stored: unknown[] | null): DiffEntry[] {
  return ((stored ?? []) as DiffEntry[]).map(({ type, logicalId, physicalId, action }) => ({ type, logicalId, physicalId, action }));
}

function toView(project: ProjectRow, row: DeploymentRow): DeploymentView {
  const succeeded = row.status === 'SUCCEEDED';
  return {
    id: row.id,
    logicalId: project.logicalId,
    projectId: project.id,
    status: row.status,
    progress: row.finishedAt ? 100 : 0,
    scheduleOnDeploy: row.scheduleOnDeploy,
    preserveResources: row.preserveResources,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    result: succeeded ? { project: { id: project.id, logicalId: project.logicalId, name: project.name, repoUrl: project.repoUrl }, diff: publicDiff(row.diff) } : null,
    error: row.error ? { message: row.error } : null,
  };
}

export async function deploymentView(ctx: ServiceContext, projectLogicalId: string, deploymentId: string): Promise<DeploymentView> {
  const project = await findProjectByLogicalId(ctx.db, ctx.accountId, projectLogicalId);
  const row = project ? await findDeployment(ctx.db, ctx.accountId, project.id, deploymentId) : undefined;
  if (!project || !row) throw new AppError('not_found', `Deployment ${deploymentId} of project "${projectLogicalId}" not found`);
  return toView(project, row);
}

/**
 * `POST …/cancel`: a deploy is applied in one transaction before its request is answered, so there
 * is never one left to cancel; a finished deployment is answered as it is (the call is idempotent).
 */
export async function cancelDeployment(ctx: ServiceContext, projectLogicalId: string, deploymentId: string): Promise<DeploymentView> {
  return await deploymentView(ctx, projectLogicalId, deploymentId);
}
