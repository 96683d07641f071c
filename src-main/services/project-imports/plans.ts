import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import { lockAccount, lockRowsForUpdate } from '../../db/row-locks';
import {
  commitPlanBindings,
  deleteImportPlan,
  deletePlanBindings,
  findImportPlan,
  insertBindings,
  insertImportPlan,
  listAccountBindings,
  listImportPlanRows,
  markImportPlan,
  type ImportPlanRow,
} from '../../db/repositories/project-imports';
import { AppError } from '../../core/errors';
import { ImportPlanChanges, type ImportPlan, type ImportPlanCreate, type ImportPlanListQuery } from '../../../src-shared/schemas/project-import';
import type { ServiceContext } from '../context';
import { collectCandidates } from './candidates';
import { buildChanges } from './plan-build';
import { projectOrNotFound } from './projects';

function planRead(row: ImportPlanRow, withChanges = true): ImportPlan {
  return {
    id: row.id,
    createdAt: row.createdAt,
    ...(row.appliedAt ? { appliedAt: row.appliedAt } : {}),
    ...(row.committedAt ? { committedAt: row.committedAt } : {}),
    ...(withChanges ? { changes: ImportPlanChanges.parse(row.changes) } : {}),
  };
}

async function planOrNotFound(ctx: ServiceContext, id: string): Promise<ImportPlanRow> {
  const row = await findImportPlan(ctx.db, ctx.accountId, id);
  if (!row) throw new AppError('not_found', `Import plan ${id} does not exist`);
  return row;
}

/**
 * The plan, locked for the rest of the transaction before its applied and committed marks are read:
 * a plan applied (or committed) from two servers at once is applied once, the other request refused
 * as a repeat is. The account's row first, as a deploy takes it: both write the account's bindings.
 */
async function lockedPlanOrNotFound(ctx: ServiceContext, tx: Db, id: string): Promise<ImportPlanRow> {
  await lockAccount(tx, ctx.accountId);
  await lockRowsForUpdate(tx, 'import_plans', 'id', [id]);
  return await planOrNotFound({ ...ctx, db: tx }, id);
}

/** A plan of the chosen resources; a preview is answered but not stored. 404 names an empty plan as the CLI expects. */
export async function createImportPlan(ctx: ServiceContext, logicalId: string, body: ImportPlanCreate, preview: boolean): Promise<ImportPlan> {
  const project = await projectOrNotFound(ctx, logicalId);
  const changes = buildChanges(await collectCandidates(ctx), await listAccountBindings(ctx.db, ctx.accountId), project.id, body);
  if (changes.resources.length === 0) throw new AppError('not_found', 'No importable resources were found.');
  const row: ImportPlanRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    projectId: project.id,
    changes,
    createdAt: ctx.clock.now().toISOString(),
    appliedAt: null,
    committedAt: null,
  };
  if (!preview) await insertImportPlan(ctx.db, row);
  return planRead(row);
}

export async function listProjectImportPlans(ctx: ServiceContext, logicalId: string, query: ImportPlanListQuery): Promise<ImportPlan[]> {
  const project = await projectOrNotFound(ctx, logicalId);
  return (await listImportPlanRows(ctx.db, ctx.accountId, { projectId: project.id, ...query })).map((row) => planRead(row, false));
}

export async function listImportPlans(ctx: ServiceContext, query: ImportPlanListQuery): Promise<ImportPlan[]> {
  return (await listImportPlanRows(ctx.db, ctx.accountId, query)).map((row) => planRead(row, false));
}

/** Reserves the plan's resources for its project as pending bindings; 409 names a resource another binding took meanwhile. */
export async function applyImportPlan(ctx: ServiceContext, id: string): Promise<ImportPlan> {
  return await transaction(ctx.db, async (tx) => {
    const row = await lockedPlanOrNotFound(ctx, tx, id);
    if (row.appliedAt) throw new AppError('forbidden', `Import plan ${id} is already applied`);
    const now = ctx.clock.now().toISOString();
    const changes = ImportPlanChanges.parse(row.changes);
    const bindings = await listAccountBindings(tx, ctx.accountId);
    // Sets, not a scan per resource: a plan of 10,000 checks meets as many bindings.
    const boundResources = new Set(bindings.map((b) => `${b.resourceType}:${b.resourceId}`));
    const usedLogicalIds = new Set(bindings.filter((b) => b.projectId === row.projectId).map((b) => `${b.resourceType}:${b.logicalId}`));
    for (const resource of changes.resources) {
      if (boundResources.has(`${resource.type}:${String(resource.physicalId)}`) || usedLogicalIds.has(`${resource.type}:${resource.logicalId}`)) {
        throw new AppError('conflict', `${resource.type} ${String(resource.physicalId)} (${resource.logicalId}) is already bound to a project; cancel this plan and create a new one`);
      }
    }
    await insertBindings(
      tx,
      changes.resources.map((resource) => ({
        accountId: ctx.accountId,
        projectId: row.projectId,
        resourceType: resource.type,
        resourceId: String(resource.physicalId),
        logicalId: resource.logicalId,
        member: true,
        pending: true,
        sourceFile: null,
        importPlanId: row.id,
        createdAt: now,
        updatedAt: null,
      })),
    );
    await markImportPlan(tx, row.id, { appliedAt: now });
    return planRead({ ...row, appliedAt: now });
  });
}

/** Makes an applied plan's bindings final; 403 (the CLI's "invalid state") before apply or after commit. */
export async function commitImportPlan(ctx: ServiceContext, id: string): Promise<ImportPlan> {
  return await transaction(ctx.db, async (tx) => {
    const row = await lockedPlanOrNotFound(ctx, tx, id);
    if (!row.appliedAt) throw new AppError('forbidden', `Import plan ${id} must be applied before it is committed`);
    if (row.committedAt) throw new AppError('forbidden', `Import plan ${id} is already committed`);
    const now = ctx.clock.now().toISOString();
    await commitPlanBindings(tx, row.id, now);
    await markImportPlan(tx, row.id, { committedAt: now });
    return planRead({ ...row, committedAt: now });
  });
}

/** Removes an uncommitted plan and the bindings it reserved; the resources themselves are untouched. */
export async function cancelImportPlan(ctx: ServiceContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const row = await lockedPlanOrNotFound(ctx, tx, id);
    if (row.committedAt) throw new AppError('forbidden', `Import plan ${id} is committed and can no longer be cancelled`);
    await deletePlanBindings(tx, row.id);
    await deleteImportPlan(tx, row.id);
  });
}
