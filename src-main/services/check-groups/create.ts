import { transaction } from '../../db/connection';
import { findCheckGroup, insertCheckGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import type { CheckGroup, CheckGroupCreate } from '../../../src-shared/schemas/check-group';
import type { ServiceContext } from '../context';
import { assertGroupDependencies } from '../dependencies';
import { assertOwnPrivateLocations } from '../private-locations';
import { resolveGroupSecrets, sealGroupSecrets } from '../secrets';
import { toCheckGroupView } from './read-shape';
import { subscribeNewGroup } from './subscriptions';

export interface CreateCheckGroupOptions {
  /** Subscribe the new group to every existing alert channel (default true). */
  autoAssignAlerts: boolean;
  /** An id reserved for it beforehand (reserveCheckGroupIds: a deploy staged checks in it). */
  id?: number;
}

export async function createCheckGroup(ctx: ServiceContext, parsed: CheckGroupCreate, options: CreateCheckGroupOptions = { autoAssignAlerts: true }): Promise<CheckGroup> {
  // A mask has no stored secret to stand for on create: 400.
  const { name, alertChannelSubscriptions, ...body } = sealGroupSecrets(ctx.keyring, { ...parsed, ...resolveGroupSecrets(parsed, null) } as typeof parsed);
  return await transaction(ctx.db, async (tx) => {
    await assertOwnPrivateLocations(tx, ctx.accountId, body.privateLocations);
    await assertGroupDependencies(tx, ctx.accountId, null, body.dependsOn);
    const id = await insertCheckGroup(tx, { ...(options.id === undefined ? {} : { id: options.id }), accountId: ctx.accountId, name, body, createdAt: ctx.clock.now().toISOString(), updatedAt: null });
    await subscribeNewGroup(tx, ctx.accountId, id, alertChannelSubscriptions, options.autoAssignAlerts);
    const row = await findCheckGroup(tx, ctx.accountId, id);
    if (!row) throw new Error(`check group ${id} vanished inside its own transaction`);
    return toCheckGroupView(row, await subscriptionsOfGroup(tx, id));
  });
}
