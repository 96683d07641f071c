import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
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
 * Resources an applied but uncommitted import reserved are not the project's to delete yet, and the
 * CLI says "successfully deleted" for any answer that is not an error: refuse, saying what to do.
 */
function refuseWhileImportPending(logicalId: string, bindings: readonly { pending: boolean; importPlanId: string | null }[]): void {
  const reserved = bindings.filter((binding) => binding.pending);
  if (reserved.length === 0) return;
  const plans = [...new Set(reserved.map((binding) => binding.importPlanId).filter((id): id is string => id !== null))];
  const one = reserved.length === 1;
  throw new AppError(
    'validation',
    `Nothing was deleted: ${reserved.length} resource${one ? '' : 's'} of project "${logicalId}" ${one ? 'is' : 'are'} reserved by an import that is not committed (plan ${plans.join(', ')}). Run \`checkly import commit\` and destroy again, or \`checkly import cancel\` to release ${one ? 'it' : 'them'}.`,
  );
}

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
    refuseWhileImportPending(logicalId, read);
    await nextTurn();
    const outcome = inTransaction(ctx, query.dryRun, (tx) => {
      const bindings = bindingsStamp(tx, project.id) === stamp ? read : bindingsOfProject(tx, project.id);
      const diff = dropUnwanted(ctx, tx, bindings, query);
      if (query.dryRun) return { diff, deploymentId: null };
      const now = ctx.clock.now().toISOString();
      const deploymentId = randomUUID();
      insertDeployment(tx, { id: deploymentId, accountId: ctx.accountId, projectId: project.id, status: 'SUCCEEDED', operation: 'destroy', scheduleOnDeploy: false, preserveResources: query.preserveResources, diff, error: null, createdBy: deployerName(ctx, createdBy), createdAt: now, finishedAt: now });
      return { diff, deploymentId };
    });
    await nextTurn();
    if (outcome.deploymentId === null) return { project: summaryOf(project), diff: outcome.diff };
    return deploymentView(ctx, logicalId, outcome.deploymentId);
  });
}
