import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { lockRowsForUpdate } from '../../db/row-locks';
import { countChecksInGroup, deleteCheckGroup, groupNamesOf } from '../../db/repositories/check-groups';
import type { ServiceContext } from '../context';
import { toGroupId } from './id';

/** A group that still holds checks cannot be deleted (409); its alert subscriptions go with it. */
export async function deleteCheckGroupById(ctx: ServiceContext, rawId: string | number): Promise<void> {
  const id = toGroupId(rawId);
  await transaction(ctx.db, async (tx) => {
    // Check writes keep the group they name (FOR SHARE, checks/store.ts): a check moved in on another
    // server either waits for this delete (and is refused) or this waits for it and counts it.
    await lockRowsForUpdate(tx, 'check_groups', 'id', [id]);
    // By id alone, not its parsed body: a group whose stored body no longer parses can still be deleted.
    if (!(await groupNamesOf(tx, ctx.accountId, [id])).has(id)) throw AppError.notFound();
    const held = await countChecksInGroup(tx, ctx.accountId, id);
    if (held > 0) {
      const [noun, them] = held === 1 ? ['check', 'it'] : ['checks', 'them'];
      throw new AppError('conflict', `Check group ${id} still holds ${held} ${noun}; move ${them} to another group or delete ${them} first.`);
    }
    await deleteCheckGroup(tx, ctx.accountId, id);
  });
}
