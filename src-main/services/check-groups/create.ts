import { transaction } from '../../db/connection';
import { findCheckGroup, insertCheckGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import { CheckGroupCreate, type CheckGroup } from '../../../src-shared/schemas/check-group';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toCheckGroupView } from './read-shape';
import { subscribeNewGroup } from './subscriptions';

export interface CreateCheckGroupOptions {
  /** Subscribe the new group to every existing alert channel (default true). */
  autoAssignAlerts: boolean;
}

export function createCheckGroup(ctx: ServiceContext, input: unknown, options: CreateCheckGroupOptions = { autoAssignAlerts: true }): CheckGroup {
  const { name, alertChannelSubscriptions, ...body } = parseOrThrow(CheckGroupCreate, input);
  return transaction(ctx.db, (tx) => {
    const id = insertCheckGroup(tx, { accountId: ctx.accountId, name, body, createdAt: ctx.clock.now().toISOString(), updatedAt: null });
    subscribeNewGroup(tx, ctx.accountId, id, alertChannelSubscriptions, options.autoAssignAlerts);
    const row = findCheckGroup(tx, ctx.accountId, id);
    if (!row) throw new Error(`check group ${id} vanished inside its own transaction`);
    return toCheckGroupView(row, subscriptionsOfGroup(tx, id));
  });
}
