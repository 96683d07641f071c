import { findProject, projectBindingRows, recentDeployments } from '../../db/repositories/project-views';
import { AppError } from '../../core/errors';
import type { ServiceContext } from '../context';
import { deploymentView, type DeploymentView } from './views';

/** How many of a project's deployments its page lists, newest first. */
export const LISTED_DEPLOYMENTS = 20;

export interface ProjectResource {
  type: string;
  /** The physical id: a check's or status page's uuid, a group's or channel's integer id, as text. */
  resourceId: string;
  logicalId: string;
  /** true: the project owns it; false: it only references it (`fromId`). */
  member: boolean;
  pending: boolean;
  sourceFile: string | null;
  name: string | null;
  /** Whether it still exists; null for types the console does not look up. */
  exists: boolean | null;
}

export interface ProjectDetail {
  id: string;
  logicalId: string;
  name: string;
  repoUrl: string | null;
  createdAt: string;
  updatedAt: string | null;
  resources: ProjectResource[];
  deployments: DeploymentView[];
}

/** One project with every resource bound to it and its last deployments; 404 for another account's. */
export async function projectDetail(ctx: ServiceContext, id: string): Promise<ProjectDetail> {
  const project = await findProject(ctx.db, ctx.accountId, id);
  if (!project) throw AppError.notFound();
  const resources = (await projectBindingRows(ctx.db, ctx.accountId, project.id)).map((row) => ({
    type: row.resourceType,
    resourceId: row.resourceId,
    logicalId: row.logicalId,
    member: row.member,
    pending: row.pending,
    sourceFile: row.sourceFile,
    name: row.resourceName,
    exists: row.exists,
  }));
  return {
    id: project.id,
    logicalId: project.logicalId,
    name: project.name,
    repoUrl: project.repoUrl,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    resources,
    deployments: (await recentDeployments(ctx.db, project.id, LISTED_DEPLOYMENTS)).map(deploymentView),
  };
}
