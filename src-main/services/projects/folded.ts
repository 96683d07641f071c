import { subscriptionIdOf } from '../../db/repositories/projects';
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

/** Called once channels and locations are applied, before the groups and checks that use them. */
export function foldMembers(ctx: ServiceContext, resources: readonly DeployResource[], physical: ReadonlyMap<string, PhysicalId>): Map<string, FoldedMembers> {
  const byTarget = new Map<string, FoldedMembers>();
  const membersOf = (logicalId: string) => {
    const found = byTarget.get(logicalId) ?? { subscriptions: [], privateLocations: [] };
    byTarget.set(logicalId, found);
    return found;
  };
  for (const resource of resources) {
    const payload = resource.payload ?? {};
    const target = targetOf(payload);
    if (!target) continue;
    const where = `${resource.type} "${resource.logicalId}"`;
    if (resource.type === 'alert-channel-subscription') {
      const alertChannelId = Number(resolveRefs(payload.alertChannelId, physical, where));
      membersOf(target.logicalId).subscriptions.push({ alertChannelId, activated: payload.activated !== false });
    } else if (resource.type === 'private-location-check-assignment' || resource.type === 'private-location-group-assignment') {
      const locationId = String(resolveRefs(payload.privateLocationId, physical, where));
      membersOf(target.logicalId).privateLocations.push(getPrivateLocation(ctx, locationId).slugName);
    }
  }
  return byTarget;
}

/** The physical id a folded resource is bound under, once its check or group exists. */
export function foldedPhysicalId(ctx: ServiceContext, resource: DeployResource, physical: ReadonlyMap<string, PhysicalId>): string | null {
  const payload = resource.payload ?? {};
  const target = targetOf(payload);
  const targetId = target ? physical.get(target.logicalId) : undefined;
  if (!target || targetId === undefined) return null;
  if (resource.type === 'alert-channel-subscription') {
    const alertChannelId = Number(resolveRefs(payload.alertChannelId, physical, resource.logicalId));
    const id = subscriptionIdOf(ctx.db, ctx.accountId, alertChannelId, target.field === 'checkId' ? { checkId: String(targetId) } : { groupId: Number(targetId) });
    return id === undefined ? null : String(id);
  }
  return `${targetId}#${String(resolveRefs(payload.privateLocationId, physical, resource.logicalId))}`;
}
