import { randomUUID } from 'node:crypto';
import { insertDeployment } from '../../db/repositories/deployments';
import { bindingsOfProject, bindingsStamp, findProjectByLogicalId } from '../../db/repositories/projects';
import type { DestroyQuery } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';
import { dropUnwanted } from './apply';
import { inTransaction, summaryOf, type DryRunResult } from './deploy';
import { inDeployQueue } from './deploy-queue';
import { deploymentView, type DeploymentView } from './deployment-view';
import { deployerName } from './deployer';
import { nextTurn } from './slices';

/**
 * `DELETE /v1/projects/{logicalId}`: every resource the project owns is deleted (or detached with
 * preserveResources) in one transaction, checks in a few statements; resources it only references
 * are left alone. It waits behind the account's running deploy. The project keeps its deployment
 * history, this destroy included, so the CLI can follow it. A project that does not exist is
 * already destroyed: a plain result, no deployment.
 */
export async function destroyProject(ctx: ServiceContext, logicalId: string, query: DestroyQuery, createdBy: string | null): Promise<DryRunResult | DeploymentView | { project: null; diff: [] }> {
  return inDeployQueue(ctx, async () => {
    const project = findProjectByLogicalId(ctx.db, ctx.accountId, logicalId);
    if (!project) return { project: null, diff: [] };
    // Read before the transaction (a turn of its own); inside it only a stamp says whether they still hold.
    const stamp = bindingsStamp(ctx.db, project.id);
    const read = bindingsOfProject(ctx.db, project.id);
    await nextTurn();
    const outcome = inTransaction(ctx, query.dryRun, (tx) => {
      const bindings = bindingsStamp(tx, project.id) === stamp ? read : bindingsOfProject(tx, project.id);
      const diff = dropUnwanted(ctx, tx, bindings, query);
      if (query.dryRun) return { diff, deploymentId: null };
      const now = ctx.clock.now().toISOString();
      const deploymentId = randomUUID();
      insertDeployment(tx, { id: deploymentId, accountId: ctx.accountId, projectId: project.id, status: 'SUCCEEDED', scheduleOnDeploy: false, preserveResources: query.preserveResources, diff, error: null, createdBy: deployerName(ctx, createdBy), createdAt: now, finishedAt: now });
      return { diff, deploymentId };
    });
    await nextTurn();
    if (outcome.deploymentId === null) return { project: summaryOf(project), diff: outcome.diff };
    return deploymentView(ctx, logicalId, outcome.deploymentId);
  });
}
