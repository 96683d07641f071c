import { randomUUID } from 'node:crypto';
import { insertDeployment } from '../../db/repositories/deployments';
import { bindingsOfProject, findProjectByLogicalId } from '../../db/repositories/projects';
import type { DestroyQuery } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';
import { dropUnwanted } from './apply';
import { inTransaction, summaryOf, type DryRunResult } from './deploy';
import { deploymentView, type DeploymentView } from './deployment-view';
import { deployerName } from './deployer';

/**
 * `DELETE /v1/projects/{logicalId}`: every resource the project owns is deleted (or detached with
 * preserveResources) in one transaction; resources it only references are left alone. The project
 * keeps its deployment history, this destroy included, so the CLI can follow it. A project that
 * does not exist is already destroyed: a plain result, no deployment.
 */
export function destroyProject(ctx: ServiceContext, logicalId: string, query: DestroyQuery, createdBy: string | null): DryRunResult | DeploymentView | { project: null; diff: [] } {
  const project = findProjectByLogicalId(ctx.db, ctx.accountId, logicalId);
  if (!project) return { project: null, diff: [] };
  const outcome = inTransaction(ctx, query.dryRun, (tx) => {
    const diff = dropUnwanted(ctx, tx, bindingsOfProject(tx, project.id), query.preserveResources);
    if (query.dryRun) return { diff, deploymentId: null };
    const now = ctx.clock.now().toISOString();
    const deploymentId = randomUUID();
    insertDeployment(tx, { id: deploymentId, accountId: ctx.accountId, projectId: project.id, status: 'SUCCEEDED', scheduleOnDeploy: false, preserveResources: query.preserveResources, diff, error: null, createdBy: deployerName(ctx, createdBy), createdAt: now, finishedAt: now });
    return { diff, deploymentId };
  });
  if (outcome.deploymentId === null) return { project: summaryOf(project), diff: outcome.diff };
  return deploymentView(ctx, logicalId, outcome.deploymentId);
}
