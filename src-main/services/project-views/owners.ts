import { ownerBindingsOf } from '../../db/repositories/project-views';
import type { CodeResourceType } from '../../../src-shared/schemas/project-view';
import type { ServiceContext } from '../context';
import type { CodeOwner } from './views';

/** The owning project of each of these resources (one batch query); resources owned by none are absent. */
export async function codeOwnersOf(ctx: ServiceContext, type: CodeResourceType, resourceIds: readonly string[]): Promise<Map<string, CodeOwner>> {
  return new Map(
    (await ownerBindingsOf(ctx.db, ctx.accountId, type, resourceIds)).map((row) => [
      row.resourceId,
      {
        projectId: row.projectId,
        projectLogicalId: row.projectLogicalId,
        projectName: row.projectName,
        logicalId: row.logicalId,
        sourceFile: row.sourceFile,
        pending: row.pending,
      },
    ]),
  );
}

/** The project that owns one resource, or null when the console manages it. */
export async function codeOwnerOf(ctx: ServiceContext, type: CodeResourceType, resourceId: string): Promise<CodeOwner | null> {
  return (await codeOwnersOf(ctx, type, [resourceId])).get(resourceId) ?? null;
}
