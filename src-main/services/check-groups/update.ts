import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { lockAccount, lockRowsForUpdate } from '../../db/row-locks';
import { findCheckGroup, replaceCheckGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import { CheckGroupCreate, type CheckGroup, type CheckGroupUpdate } from '../../../src-shared/schemas/check-group';
import type { ServiceContext } from '../context';
import { assertGroupDependencies } from '../dependencies';
import { assertOwnPrivateLocations } from '../private-locations';
import { openGroupSecrets, resolveGroupSecrets, sealGroupSecrets } from '../secrets';
import { parseOrThrow } from '../validation';
import { toGroupId } from './id';
import { storedGroupBody, toCheckGroupView } from './read-shape';
import { projectMembersOfOne } from '../project-bindings';
import { replaceGroupSubscriptions } from './subscriptions';

function definedOnly(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/**
 * PUT merges the named members over the stored group (apiCheckDefaults member by member), then
 * validates the result as a whole; a rejected PUT changes nothing.
 */
export async function updateCheckGroup(ctx: ServiceContext, rawId: string | number, patch: CheckGroupUpdate): Promise<CheckGroup> {
  const id = toGroupId(rawId);
  return await transaction(ctx.db, async (tx) => {
    // A new dependsOn is checked for cycles across the account, under its row (taken first, as every
    // writer does); then the group's row before it is read, so a PUT on another server merges over this one.
    if (patch.dependsOn !== undefined) await lockAccount(tx, ctx.accountId);
    await lockRowsForUpdate(tx, 'check_groups', 'id', [id]);
    const existing = await findCheckGroup(tx, ctx.accountId, id);
    if (!existing) throw AppError.notFound();
    // Validated in plaintext, stored sealed: secrets sent back masked (or left out) keep their stored values.
    const current = openGroupSecrets(ctx.keyring, storedGroupBody(existing, await subscriptionsOfGroup(tx, id)));
    const merged: Record<string, unknown> = { ...current, ...definedOnly(patch) };
    if (patch.apiCheckDefaults) merged.apiCheckDefaults = { ...current.apiCheckDefaults, ...definedOnly(patch.apiCheckDefaults) };
    const parsed = parseOrThrow(CheckGroupCreate, resolveGroupSecrets(merged, current));
    const { name, alertChannelSubscriptions, ...body } = sealGroupSecrets(ctx.keyring, parsed);
    await assertOwnPrivateLocations(tx, ctx.accountId, body.privateLocations, existing.body.privateLocations);
    await assertGroupDependencies(tx, ctx.accountId, id, body.dependsOn);
    if (patch.alertChannelSubscriptions !== undefined) await replaceGroupSubscriptions(tx, ctx.accountId, id, alertChannelSubscriptions);
    const row = { ...existing, name, body, updatedAt: ctx.clock.now().toISOString() };
    await replaceCheckGroup(tx, row);
    return toCheckGroupView(row, await subscriptionsOfGroup(tx, id), await projectMembersOfOne(tx, ctx.accountId, 'check-group', id));
  });
}
