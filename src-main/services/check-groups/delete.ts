import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { countChecksInGroup, deleteCheckGroup, findCheckGroup } from '../../db/repositories/check-groups';
import type { ServiceContext } from '../context';
import { toGroupId } from './id';

/** A group that still holds checks cannot be deleted (409); its alert subscriptions go with it. */
export async function deleteCheckGroupById(ctx: ServiceContext, rawId: string | number): Promise<void> {
  const id = toGroupId(rawId);
  await transaction(ctx.db, async (tx) => {
    if (!await findCheckGroup(tx, ctx.accountId, id)) throw AppError.notFound();
    const held = await countChecksInGroup(tx, ctx.accountId, id);
    if (held > 0) {
      const [noun, them] = held === 1 ? ['check', 'it'] : ['checks', 'them'];
      throw new AppError('conflict', `Check group ${id} still holds ${held} ${noun}; move ${them} to another group or delete ${them} first.`);
    }
    await deleteCheckGroup(tx, ctx.accountId, id);
  });
}
