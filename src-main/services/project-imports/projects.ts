import { randomUUID } from 'node:crypto';
import { findProjectByLogicalId, insertProjectIfMissing, listProjectRows, type ProjectRow } from '../../db/repositories/project-imports';
import { AppError } from '../../core/errors';
import type { ProjectCreate, ProjectRead } from '../../../src-shared/schemas/project-import';
import type { ServiceContext } from '../context';

export function projectRead(row: ProjectRow): ProjectRead {
  return {
    id: row.id,
    logicalId: row.logicalId,
    name: row.name,
    repoUrl: row.repoUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    created_at: row.createdAt,
  };
}

export async function projectOrNotFound(ctx: ServiceContext, logicalId: string): Promise<ProjectRow> {
  const row = await findProjectByLogicalId(ctx.db, ctx.accountId, logicalId);
  if (!row) throw new AppError('not_found', `Project "${logicalId}" does not exist`);
  return row;
}

export async function listProjects(ctx: ServiceContext): Promise<ProjectRead[]> {
  return (await listProjectRows(ctx.db, ctx.accountId)).map(projectRead);
}

export async function getProject(ctx: ServiceContext, logicalId: string): Promise<ProjectRead> {
  return projectRead(await projectOrNotFound(ctx, logicalId));
}

/** 409 when the logical id is taken: the CLI then says it is used by a different project. */
export async function createProject(ctx: ServiceContext, body: ProjectCreate): Promise<ProjectRead> {
  const row: ProjectRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    logicalId: body.logicalId,
    name: body.name,
    repoUrl: body.repoUrl ?? null,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  // One statement decides: of two creates at once (or a first deploy meanwhile), the second gets this 409.
  if (!await insertProjectIfMissing(ctx.db, row)) throw new AppError('conflict', `logicalId "${body.logicalId}" is already used by a project`);
  return projectRead(row);
}
