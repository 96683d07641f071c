import { subscriptionsOfTargets } from '../../db/repositories/projects';
import type { DeployResource } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';
import { getPrivateLocation } from '../private-locations';
import { resolveRefs, type PhysicalId } from './resolve-refs';

/**
 * Sightline stores alert subscriptions and private-location assignments as members of the check or
 * group (its `alertChannelSubscriptions` and `privateLocations`), so the deploy writes them there:
 * each folded resource is gathered under the logical id of the check or group it names.
 */
export interface FoldedMembers {
  subscriptions: { alertChannelId: number; activated: boolean }[];
  privateLocations: string[];
}

function targetOf(payload: Record<string, unknown>): { logicalId: string; field: 'checkId' | 'groupId' } | null {
  for (const field of ['checkId', 'groupId'] as const) {
    const value = payload[field] as { ref?: unknown } | undefined;
    if (value && typeof value.ref === 'string') return { logicalId: value.ref, field };
  }
  return null;
}

/** A private location's slug by its physical id (placeholders while a deploy is planned). */
export type SlugOf = (locationId: PhysicalId) => string | Promise<string>;

export const slugFromDatabase =
  (ctx: ServiceContext): SlugOf =>
  async (locationId) =>
    (await getPrivateLocation(ctx, String(locationId))).slugName;

/**
 * The folded members of each check or group (only those whose target is named by `field`, when
 * given), with refs resolved through `physical` and locations named by `slugOf`.
 */
export async function foldMembers(resources: readonly DeployResource[], physical: ReadonlyMap<string, PhysicalId>, slugOf: SlugOf, field?: 'checkId' | 'groupId'): Promise<Map<string, FoldedMembers>> {
  const byTarget = new Map<string, FoldedMembers>();
  const membersOf = (logicalId: string) => {
    const found = byTarget.get(logicalId) ?? { subscriptions: [], privateLocations: [] };
    byTarget.set(logicalId, found);
    return found;
  };
  for (const resource of resources) {
    if (!isFoldedType(resource.type)) continue;
    const payload = resource.payload ?? {};
    const target = targetOf(payload);
    if (!target || (field && target.field !== field)) continue;
    const where = `${resource.type} "${resource.logicalId}"`;
    if (resource.type === 'alert-channel-subscription') {
      const alertChannelId = Number(resolveRefs(payload.alertChannelId, physical, where));
      membersOf(target.logicalId).subscriptions.push({ alertChannelId, activated: payload.activated !== false });
    } else {
      const locationId = resolveRefs(payload.privateLocationId, physical, where) as PhysicalId;
      membersOf(target.logicalId).privateLocations.push(await slugOf(locationId));
    }
  }
  return byTarget;
}

const isFoldedType = (type: string) => type === 'alert-channel-subscription' || type === 'private-location-check-assignment' || type === 'private-location-group-assignment';

/** Where a folded resource points: the check's or group's logical id, and which it is. */
export function foldedTargetOf(resource: DeployResource): { logicalId: string; field: 'checkId' | 'groupId' } | null {
  return targetOf(resource.payload ?? {});
}

/** A subscription's row id by channel and target, looked up in one query for the whole deploy. */
export type SubscriptionIdOf = (alertChannelId: number, target: { checkId: string } | { groupId: number }) => number | undefined;

export async function subscriptionLookup(ctx: ServiceContext, checkIds: readonly string[], groupIds: readonly number[]): Promise<SubscriptionIdOf> {
  const byKey = new Map<string, number>();
  for (const row of await subscriptionsOfTargets(ctx.db, ctx.accountId, checkIds, groupIds)) {
    byKey.set(row.checkId !== null ? `${row.alertChannelId} c ${row.checkId}` : `${row.alertChannelId} g ${row.groupId}`, row.id);
  }
  return (alertChannelId, target) => byKey.get('checkId' in target ? `${alertChannelId} c ${target.checkId}` : `${alertChannelId} g ${target.groupId}`);
}

/** The physical id a folded resource is bound under, once its check or group exists. */
export function foldedPhysicalId(resource: DeployResource, physical: ReadonlyMap<string, PhysicalId>, subscriptionIdOf: SubscriptionIdOf): string | null {
  const payload = resource.payload ?? {};
  const target = targetOf(payload);
  const targetId = target ? physical.get(target.logicalId) : undefined;
  if (!target || targetId === undefined) return null;
  if (resource.type === 'alert-channel-subscription') {
    const alertChannelId = Number(resolveRefs(payload.alertChannelId, physical, resource.logicalId));
    const id = subscriptionIdOf(alertChannelId, target.field === 'checkId' ? { checkId: String(targetId) } : { groupId: Number(targetId) });
    return id === undefined ? null : String(id);
  }
  return `${targetId}#${String(resolveRefs(payload.privateLocationId, physical, resource.logicalId))}`;
}
