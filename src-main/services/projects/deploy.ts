import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import { insertDeployment } from '../../db/repositories/deployments';
import { bindingsOfProject, findProjectByLogicalId, insertProject, updateProject, type ProjectRow } from '../../db/repositories/projects';
import type { DeployPayload, DeployQuery, DiffEntry } from '../../../src-shared/schemas/project';
import { isRunnable, loadCheckPlans, triggerCheckSessions } from '../check-sessions';
import type { ServiceContext } from '../context';
import { applyResources } from './apply';
import { deploymentView, type DeploymentView } from './deployment-view';
import { refuseUnsupportedResources } from './unsupported';
import { deployerName } from './deployer';

export interface ProjectSummary {
  id: string;
  logicalId: string;
  name: string;
  repoUrl: string | null;
}

export interface DryRunResult {
  project: ProjectSummary;
  diff: DiffEntry[];
}

/** Thrown inside a preview's transaction to roll back everything it did, carrying its result out. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

/** Runs `work` in one transaction; a dry run computes the same result, then rolls all of it back. */
export function inTransaction<T>(ctx: ServiceContext, dryRun: boolean, work: (tx: Db) => T): T {
  try {
    return transaction(ctx.db, (tx) => {
      const result = work(tx);
      if (dryRun) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
}

export function summaryOf(row: ProjectRow): ProjectSummary {
  return { id: row.id, logicalId: row.logicalId, name: row.name, repoUrl: row.repoUrl };
}

function upsertProject(ctx: ServiceContext, tx: Db, payload: DeployPayload): ProjectRow {
  const now = ctx.clock.now().toISOString();
  const { logicalId, name } = payload.project;
  const repoUrl = payload.project.repoUrl ?? null;
  const found = findProjectByLogicalId(tx, ctx.accountId, logicalId);
  if (!found) return insertProject(tx, { id: randomUUID(), accountId: ctx.accountId, logicalId, name, repoUrl, createdAt: now, updatedAt: null });
  updateProject(tx, found.id, { name, repoUrl, updatedAt: now });
  return { ...found, name, repoUrl, updatedAt: now };
}

/**
 * After the deploy is committed: with scheduleOnDeploy each deployed, activated check runs once
 * now; without it, checks wait for their next slot on the schedule.
 */
function scheduleDeployedChecks(ctx: ServiceContext, checkIds: readonly string[]): void {
  if (checkIds.length === 0 || !ctx.runtime.runs) return;
  const due = loadCheckPlans(ctx, { accountId: ctx.accountId, checkIds: [...checkIds] })
    .filter((plan) => isRunnable(plan) && plan.scheduled)
    .map((plan) => plan.checkId);
  if (due.length > 0) triggerCheckSessions(ctx, { target: { checkId: due } }, 'CLI_DEPLOY');
}

/**
 * `POST /v1/projects/deploy`: the whole project in one transaction (all or nothing). A dry run
 * answers the diff it would apply; a real one answers its deployment record, already finished.
 */
export function deployProject(ctx: ServiceContext, payload: DeployPayload, query: DeployQuery, createdBy: string | null): DryRunResult | DeploymentView {
  refuseUnsupportedResources(payload.resources);
  const outcome = inTransaction(ctx, query.dryRun, (tx) => {
    const project = upsertProject(ctx, tx, payload);
    const applied = applyResources(ctx, tx, project, payload, bindingsOfProject(tx, project.id), query.preserveResources);
    if (query.dryRun) return { project, applied, deploymentId: null };
    const now = ctx.clock.now().toISOString();
    const deploymentId = randomUUID();
    insertDeployment(tx, {
      id: deploymentId,
      accountId: ctx.accountId,
      projectId: project.id,
      status: 'SUCCEEDED',
      scheduleOnDeploy: query.scheduleOnDeploy,
      preserveResources: query.preserveResources,
      diff: applied.diff,
      error: null,
      createdBy: deployerName(ctx, createdBy),
      createdAt: now,
      finishedAt: now,
    });
    return { project, applied, deploymentId };
  });
  if (outcome.deploymentId === null) return { project: summaryOf(outcome.project), diff: outcome.applied.diff };
  if (query.scheduleOnDeploy) scheduleDeployedChecks(ctx, outcome.applied.deployedCheckIds);
  return deploymentView(ctx, outcome.project.logicalId, outcome.deploymentId);
}
