import { AppError } from '../../core/errors';
import { findCheckGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import type { CheckGroup } from '../../../src-shared/schemas/check-group';
import type { ServiceContext } from '../context';
import { toGroupId } from './id';
import { toCheckGroupView } from './read-shape';
import { projectMembersOfOne } from '../project-bindings';

export async function getCheckGroup(ctx: ServiceContext, rawId: string | number): Promise<CheckGroup> {
  const id = toGroupId(rawId);
  const row = await findCheckGroup(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  return toCheckGroupView(row, await subscriptionsOfGroup(ctx.db, id), await projectMembersOfOne(ctx.db, ctx.accountId, 'check-group', id));
}
