import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import { insertDeployment } from '../../db/repositories/deployments';
import { claimProject, updateProject, type ProjectRow } from '../../db/repositories/projects';
import { lockAccount } from '../../db/row-locks';
import type { DeployPayload, DeployQuery, DeployRequestBody, DiffEntry } from '../../../src-shared/schemas/project';
import { isRunnable, loadCheckPlans, triggerCheckSessions } from '../check-sessions';
import { StagedChecks } from '../checks';
import type { ServiceContext } from '../context';
import { AppError } from '../../core/errors';
import { crashInDeployCommitIfAsked, deployPauseMs } from '../../core/test-hooks';
import { applyPlan, StalePlan } from './apply';
import { inDeployQueue } from './deploy-queue';
import { refuseDuplicateLogicalIds } from './duplicates';
import { refuseOversizedDeploy, refuseOversizedKinds } from './limits';
import { parseResources } from './parse-resources';
import { planDeploy, type DeployPlan } from './plan';
import { nextTurn, PacedBatches } from './slices';
import { deploymentView, type DeploymentView } from './deployment-view';
import { refuseUnsupportedResources } from './unsupported';
import { deployerName } from './deployer';
import { keyOf } from './apply-one';

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
export async function inTransaction<T>(ctx: ServiceContext, dryRun: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await transaction(ctx.db, async (tx) => {
      const result = await work(tx);
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

/**
 * The deploy's project, stored if new, locked for the rest of the commit. The first thing a commit
 * does: deploys of one project on two servers take turns here, and the later one's plan check
 * (applyPlan) then sees the earlier one's bindings and plans again. The account's row comes first
 * (the check writes lock it for the plan limit), so every write takes the two in one order.
 */
async function upsertProject(ctx: ServiceContext, tx: Db, payload: DeployPayload): Promise<ProjectRow> {
  const now = ctx.clock.now().toISOString();
  const { logicalId, name } = payload.project;
  const repoUrl = payload.project.repoUrl ?? null;
  await lockAccount(tx, ctx.accountId);
  const { project, created } = await claimProject(tx, { id: randomUUID(), accountId: ctx.accountId, logicalId, name, repoUrl, createdAt: now, updatedAt: null });
  if (created) return project;
  await updateProject(tx, project.id, { name, repoUrl, updatedAt: now });
  return { ...project, name, repoUrl, updatedAt: now };
}

/** The diff as the project's history keeps it: an UPDATE that changed nothing is marked `changed: false`. */
function historyDiff(diff: readonly DiffEntry[], unchanged: ReadonlySet<string>): (DiffEntry & { changed?: false })[] {
  return diff.map((entry) => (entry.action === 'UPDATE' && unchanged.has(keyOf(entry.type, entry.logicalId)) ? { ...entry, changed: false } : entry));
}

/** Checks started per turn of the event loop after a deploy at most (each is one session written and dispatched). */
const SCHEDULED_PER_TURN = 250;

/**
 * After the deploy is committed: with scheduleOnDeploy each deployed, activated check runs once
 * now; without it, checks wait for their next slot on the schedule. Started a batch per turn.
 */
async function scheduleDeployedChecks(ctx: ServiceContext, checkIds: readonly string[]): Promise<void> {
  // Sized from the time each batch takes, so a batch stays near 20 ms however loaded the machine is.
  const batches = new PacedBatches(SCHEDULED_PER_TURN, 50);
  for (let i = 0; i < checkIds.length && ctx.runtime.runs; ) {
    const ids = checkIds.slice(i, i + batches.next);
    i += ids.length;
    await batches.timed(ids.length, async () => {
      const due = (await loadCheckPlans(ctx, { accountId: ctx.accountId, checkIds: ids }))
        .filter((plan) => isRunnable(plan) && plan.scheduled)
        .map((plan) => plan.checkId);
      if (due.length > 0) await triggerCheckSessions(ctx, { target: { checkId: due } }, 'CLI_DEPLOY');
    });
    await nextTurn();
  }
}

/** New checks staged per short transaction before a deploy's commit: the first batch, and at most (sized to ~20 ms between). */
const STAGED_FIRST_BATCH = 100;
const STAGED_PER_BATCH = 1000;

/** The plan's placeholders that stand for groups its commit creates, with the groups' logical ids (staged checks get reserved ids in their place). */
function groupPlaceholders(payload: DeployPayload, plan: DeployPlan): Map<number, string> {
  const groups = new Set(payload.resources.filter((r) => r.type === 'check-group').map((r) => r.logicalId));
  const found = new Map<number, string>();
  for (const [placeholder, { logicalId, slug }] of plan.placeholders) if (!slug && typeof placeholder === 'number' && groups.has(logicalId)) found.set(placeholder, logicalId);
  return found;
}

/** Plans made again when another request changed what a deploy's plan read, before it is refused (409). */
const PLAN_ATTEMPTS = 3;

/**
 * `POST /v1/projects/deploy`: the whole project in one transaction (all or nothing). The checks are
 * validated first, a slice at a time outside any transaction; the transaction then only re-checks
 * and writes. Deploys of one account run one at a time. A dry run answers the diff it would apply;
 * a real one answers its deployment record, already finished.
 */
export async function deployProject(ctx: ServiceContext, body: DeployRequestBody, query: DeployQuery, createdBy: string | null): Promise<DryRunResult | DeploymentView> {
  refuseOversizedDeploy(body.resources);
  return inDeployQueue(ctx, async () => {
    const payload: DeployPayload = { ...body, resources: await parseResources(body.resources) };
    refuseUnsupportedResources(payload.resources);
    refuseDuplicateLogicalIds(payload.resources);
    refuseOversizedKinds(payload.resources);
    for (let attempt = 1; ; attempt++) {
      const plan = await planDeploy(ctx, payload);
      // New checks are written before the commit, in short transactions, invisible until it publishes them.
      const staged = query.dryRun ? undefined : new StagedChecks(ctx);
      try {
        await staged?.stage(plan.checks.map((c) => c.write), groupPlaceholders(payload, plan), nextTurn, new PacedBatches(STAGED_PER_BATCH, STAGED_FIRST_BATCH));
        const pause = deployPauseMs();
        if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        const done = await commitDeploy(ctx, payload, query, createdBy, plan, staged);
        await staged?.settle(nextTurn);
        return done;
      } catch (error) {
        // Published or not, what was staged is settled: deleted when the commit did not happen.
        await staged?.settle(nextTurn);
        if (!(error instanceof StalePlan)) throw error;
        if (attempt >= PLAN_ATTEMPTS) throw new AppError('conflict', `The project's resources kept changing while it was being deployed (${error.message}); nothing was deployed. Deploy again.`);
      }
    }
  });
}

async function commitDeploy(ctx: ServiceContext, payload: DeployPayload, query: DeployQuery, createdBy: string | null, plan: DeployPlan, staged: StagedChecks | undefined): Promise<DryRunResult | DeploymentView> {
  const outcome = await inTransaction(ctx, query.dryRun, async (tx) => {
    const project = await upsertProject(ctx, tx, payload);
    const applied = await applyPlan(ctx, tx, project, payload, plan, { ...query, staged });
    if (query.dryRun) return { project, applied, deploymentId: null };
    crashInDeployCommitIfAsked();
    const now = ctx.clock.now().toISOString();
    const deploymentId = randomUUID();
    await insertDeployment(tx, {
      id: deploymentId,
      accountId: ctx.accountId,
      projectId: project.id,
      status: 'SUCCEEDED',
      scheduleOnDeploy: query.scheduleOnDeploy,
      preserveResources: query.preserveResources,
      diff: historyDiff(applied.diff, applied.unchanged),
      error: null,
      createdBy: await deployerName(ctx, createdBy),
      createdAt: now,
      finishedAt: now,
    });
    return { project, applied, deploymentId };
  });
  // The answer (thousands of diff lines to read back and serialize) waits for the next turn: other requests first.
  await nextTurn();
  if (outcome.deploymentId === null) return { project: summaryOf(outcome.project), diff: outcome.applied.diff };
  if (query.scheduleOnDeploy) await scheduleDeployedChecks(ctx, outcome.applied.deployedCheckIds);
  const view = await deploymentView(ctx, outcome.project.logicalId, outcome.deploymentId);
  await nextTurn();
  return view;
}
