import { listProjectBindingRows } from '../../db/repositories/project-imports';
import type { ProjectBinding } from '../../../src-shared/schemas/project-import';
import type { ServiceContext } from '../context';
import { projectOrNotFound } from './projects';

/** The resources bound to a project, pending ones (reserved by an uncommitted import) included. */
export async function listProjectBindings(ctx: ServiceContext, logicalId: string): Promise<ProjectBinding[]> {
  const project = await projectOrNotFound(ctx, logicalId);
  return (await listProjectBindingRows(ctx.db, project.id)).map((row) => ({
    type: row.resourceType,
    physicalId: row.resourceId,
    logicalId: row.logicalId,
    member: row.member,
    pending: row.pending,
    sourceFile: row.sourceFile,
  }));
}
