import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { crashAfterDestroySliceIfAsked } from '../../core/test-hooks';
import { transaction } from '../../db/connection';
import { countChecksInGroup } from '../../db/repositories/check-groups';
import { finishDeployment, insertDeployment, interruptedDestroys, type DeploymentRow } from '../../db/repositories/deployments';
import { countLocationUsers, findPrivateLocation } from '../../db/repositories/private-locations';
import { bindingsOfProject, bindingsStamp, deleteBindings, findProjectByLogicalId, type BindingRow } from '../../db/repositories/projects';
import { lockAccount, lockRowsForUpdate } from '../../db/row-locks';
import type { DestroyQuery } from '../../../src-shared/schemas/project';
import { deleteCheckBatch } from '../checks';
import type { ServiceContext, ServiceDeps } from '../context';
import { dropUnwanted } from './apply';
import { inTransaction, summaryOf, type DryRunResult } from './deploy';
import { inDeployQueue } from './deploy-queue';
import { deploymentView, type DeploymentView } from './deployment-view';
import { deployerName } from './deployer';
import { readBindingsInPages } from './read-bindings';
import { nextTurn, PacedBatches } from './slices';

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

const isMemberCheck = (binding: BindingRow) => binding.resourceType === 'check' && binding.member && !binding.pending;

/**
 * What would make the last step of a destroy refuse (409) once its checks are gone: a group of the
 * project still holding other checks, a location of the project other checks or groups still use.
 * Asked before anything is deleted, so such a destroy changes nothing, as when it was one transaction.
 */
async function refuseBlockedRemovals(ctx: ServiceContext, bindings: readonly BindingRow[]): Promise<void> {
  const members = bindings.filter((binding) => binding.member && !binding.pending);
  const checkIds = members.filter(isMemberCheck).map((binding) => binding.resourceId);
  const groupIds = members.filter((binding) => binding.resourceType === 'check-group').map((binding) => Number(binding.resourceId));
  for (const groupId of groupIds) {
    const held = await countChecksInGroup(ctx.db, ctx.accountId, groupId, checkIds);
    if (held > 0) throw new AppError('conflict', `Nothing was deleted: check group ${groupId} of the project still holds ${held} check(s) of no project or of another one; move or delete them first.`);
  }
  for (const binding of members.filter((b) => b.resourceType === 'private-location')) {
    const location = await findPrivateLocation(ctx.db, ctx.accountId, binding.resourceId);
    if (!location) continue;
    const users = await countLocationUsers(ctx.db, ctx.accountId, location.slugName, { checkIds, groupIds });
    if (users.checks + users.groups > 0) {
      throw new AppError('conflict', `Nothing was deleted: private location "${location.slugName}" of the project is still used by ${users.checks} other check(s) and ${users.groups} other group(s); remove it from their privateLocations first.`, users);
    }
  }
}

/** Checks deleted by a destroy's first transaction, and at most by one (each next batch is sized from the time the last took). */
const FIRST_SLICE = 100;
const CHECKS_PER_SLICE = 500;

/**
 * The project's member checks, deleted a slice at a time, each slice one short transaction (the
 * checks, their bindings, dependencies on them; results and subscriptions by cascade), with a turn
 * of the event loop between: a destroy is idempotent, so a crash half-way leaves a state that
 * finishing the destroy repairs (start-up does it, see finishInterruptedDestroys).
 */
async function deleteChecksInSlices(ctx: ServiceContext, bindings: readonly BindingRow[]): Promise<void> {
  const doomed = bindings.filter(isMemberCheck);
  const batches = new PacedBatches(CHECKS_PER_SLICE, FIRST_SLICE);
  for (let start = 0; start < doomed.length; ) {
    const slice = doomed.slice(start, start + batches.next);
    start += slice.length;
    await batches.timed(slice.length, async () =>
      await transaction(ctx.db, async (tx) => {
        // Unbound first: the checks' delete trigger then finds no binding left to look for.
        await deleteBindings(tx, slice.map((binding) => binding.id));
        await deleteCheckBatch(tx, ctx, slice.map((binding) => binding.resourceId));
      }),
    );
    crashAfterDestroySliceIfAsked();
    await nextTurn();
  }
}

/** The last step: every other resource of the project (groups, channels, …) and binding, and the deployment marked done. */
async function finishDestroy(ctx: ServiceContext, projectId: string, deploymentId: string, diff: DeploymentRow['diff']): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await dropUnwanted(ctx, tx, await bindingsOfProject(tx, projectId), { preserveResources: false, dryRun: false });
    await finishDeployment(tx, deploymentId, { status: 'SUCCEEDED', diff, error: null, finishedAt: ctx.clock.now().toISOString() });
  });
}

/**
 * Destroys the project's resources: a deployment IN_PROGRESS first (one short transaction), then
 * the checks in slices, then the rest in one transaction that marks it SUCCEEDED. Checks of the
 * project disappear from reads over the slices, each whole; nothing else changes until the end.
 */
async function destroyInSlices(ctx: ServiceContext, projectId: string, bindings: BindingRow[], query: DestroyQuery, createdBy: string | null): Promise<string> {
  await refuseBlockedRemovals(ctx, bindings);
  await nextTurn();
  // The diff a one-transaction destroy answers: every member binding deleted, references unbound.
  const diff = await dropUnwanted(ctx, ctx.db, bindings, { preserveResources: false, dryRun: true });
  const now = ctx.clock.now().toISOString();
  const deploymentId = randomUUID();
  await insertDeployment(ctx.db, { id: deploymentId, accountId: ctx.accountId, projectId, status: 'IN_PROGRESS', operation: 'destroy', scheduleOnDeploy: false, preserveResources: query.preserveResources, diff, error: null, createdBy: await deployerName(ctx, createdBy), createdAt: now, finishedAt: null });
  await nextTurn();
  await deleteChecksInSlices(ctx, bindings);
  await finishDestroy(ctx, projectId, deploymentId, diff);
  return deploymentId;
}

/**
 * `DELETE /v1/projects/{logicalId}`: every resource the project owns is deleted (or detached with
 * preserveResources); resources it only references are left alone. It waits behind the account's
 * running deploy. The project keeps its deployment history, this destroy included, so the CLI can
 * follow it. A project that does not exist is already destroyed: a plain result, no deployment.
 * A preview, and a destroy that keeps the resources (it only unbinds them), is one transaction.
 */
export async function destroyProject(ctx: ServiceContext, logicalId: string, query: DestroyQuery, createdBy: string | null): Promise<DryRunResult | DeploymentView | { project: null; diff: [] }> {
  return inDeployQueue(ctx, async () => {
    const project = await findProjectByLogicalId(ctx.db, ctx.accountId, logicalId);
    if (!project) return { project: null, diff: [] };
    // Read before the transaction (a turn of its own); inside it only a stamp says whether they still hold.
    const stamp = await bindingsStamp(ctx.db, project.id);
    const read = await readBindingsInPages(ctx.db, project.id);
    refuseWhileImportPending(logicalId, read);
    await nextTurn();
    if (!query.dryRun && !query.preserveResources) {
      // Deploys of the account wait in the queue meanwhile: the bindings read are still the project's, unless another request changed them.
      const unchanged = await bindingsStamp(ctx.db, project.id) === stamp;
      await nextTurn();
      const bindings = unchanged ? read : await readBindingsInPages(ctx.db, project.id);
      const deploymentId = await destroyInSlices(ctx, project.id, bindings, query, createdBy);
      await nextTurn();
      return await deploymentView(ctx, logicalId, deploymentId);
    }
    const outcome = await inTransaction(ctx, query.dryRun, async (tx) => {
      // As a deploy's commit (account, then project): a deploy of the project on another server is before or after this.
      await lockAccount(tx, ctx.accountId);
      await lockRowsForUpdate(tx, 'projects', 'id', [project.id]);
      const bindings = await bindingsStamp(tx, project.id) === stamp ? read : await bindingsOfProject(tx, project.id);
      const diff = await dropUnwanted(ctx, tx, bindings, query);
      if (query.dryRun) return { diff, deploymentId: null };
      const now = ctx.clock.now().toISOString();
      const deploymentId = randomUUID();
      await insertDeployment(tx, { id: deploymentId, accountId: ctx.accountId, projectId: project.id, status: 'SUCCEEDED', operation: 'destroy', scheduleOnDeploy: false, preserveResources: query.preserveResources, diff, error: null, createdBy: await deployerName(ctx, createdBy), createdAt: now, finishedAt: now });
      return { diff, deploymentId };
    });
    await nextTurn();
    if (outcome.deploymentId === null) return { project: summaryOf(project), diff: outcome.diff };
    return await deploymentView(ctx, logicalId, outcome.deploymentId);
  });
}

/**
 * At start, before requests are answered: destroys a crash (or a failure) interrupted are
 * finished, so the project ends destroyed as its deployment said, never half of it. Answers how many.
 */
export async function finishInterruptedDestroys(deps: ServiceDeps): Promise<number> {
  const interrupted = await interruptedDestroys(deps.db);
  for (const deployment of interrupted) {
    const ctx: ServiceContext = { ...deps, accountId: deployment.accountId };
    await deleteChecksInSlices(ctx, await readBindingsInPages(deps.db, deployment.projectId));
    await finishDestroy(ctx, deployment.projectId, deployment.id, deployment.diff);
    deps.logger.warn({ deploymentId: deployment.id, projectId: deployment.projectId }, 'finished a project destroy that was interrupted');
  }
  return interrupted.length;
}
