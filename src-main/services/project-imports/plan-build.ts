import type { ProjectBindingRow } from '../../db/repositories/project-imports';
import type { FriendResource, ImportPlanChanges, ImportPlanCreate, ImportPlanFilter, ImportResource } from '../../../src-shared/schemas/project-import';
import type { Candidate } from './candidates';

// Physical ids of these types are integers; the CLI's code generator compares them as numbers.
const INTEGER_TYPES = new Set(['alert-channel', 'check-group', 'maintenance-window', 'dashboard']);

/** The logical id `fromId` would give the resource, so generated code and later deploys agree on it. */
export const logicalIdOf = (type: string, physicalId: string | number): string => `${type}-${physicalId}`;

const key = (type: string, physicalId: string | number): string => `${type}:${physicalId}`;

/** The last filter that matches decides; the CLI puts a catch-all include or exclude first. */
function chosen(filters: ImportPlanFilter[], candidate: Candidate): boolean {
  let include = true;
  for (const filter of filters) {
    const resource = filter.resource;
    const matches =
      !resource || (resource.type === candidate.type && (resource.physicalId === undefined || String(resource.physicalId) === String(candidate.physicalId)));
    if (matches) include = filter.type === 'include';
  }
  return include;
}

/** The owner a subscription or assignment hangs off, and the resource it points at. */
function dependentEnds(candidate: Candidate): { owner: string; target: { type: string; id: string | number } } | null {
  const p = candidate.payload;
  const ownerKey = p.checkId !== undefined ? key('check', String(p.checkId)) : key('check-group', Number(p.groupId));
  if (candidate.type === 'alert-channel-subscription') return { owner: ownerKey, target: { type: 'alert-channel', id: Number(p.alertChannelId) } };
  if (candidate.type.startsWith('private-location-') && candidate.type.endsWith('-assignment')) {
    return { owner: ownerKey, target: { type: 'private-location', id: String(p.privateLocationId) } };
  }
  return null;
}

function dependentLogicalId(candidate: Candidate, logicalIds: Map<string, string>, owner: string, target: { type: string; id: string | number }): string {
  const ownerLogical = logicalIds.get(owner) ?? owner;
  const targetLogical = logicalIds.get(key(target.type, target.id)) ?? logicalIdOf(target.type, target.id);
  // The names the CLI's Check and CheckGroup constructs give these resources in a deploy.
  const prefix =
    candidate.type === 'alert-channel-subscription'
      ? candidate.payload.checkId !== undefined
        ? 'check-alert-channel-subscription'
        : 'check-group-alert-channel-subscription'
      : candidate.type;
  return `${prefix}#${ownerLogical}#${targetLogical}`;
}

/**
 * The plan's changes: the chosen resources not bound to any project yet, their subscriptions and
 * assignments, and the physical ids of the friends (constructs already in the code) this project has.
 */
export function buildChanges(candidates: Candidate[], bindings: ProjectBindingRow[], projectId: string, body: ImportPlanCreate): ImportPlanChanges {
  const filters = body.filters ?? [];
  const bound = new Set(bindings.map((b) => key(b.resourceType, b.resourceId)));
  const logicalIds = new Map<string, string>();
  for (const b of bindings) if (b.projectId === projectId) logicalIds.set(key(b.resourceType, b.resourceId), b.logicalId);

  const resources: ImportResource[] = [];
  const planned = new Set<string>();
  for (const candidate of candidates) {
    if (dependentEnds(candidate) || bound.has(key(candidate.type, String(candidate.physicalId)))) continue;
    if (!chosen(filters, candidate)) continue;
    const logicalId = logicalIdOf(candidate.type, candidate.physicalId);
    planned.add(key(candidate.type, candidate.physicalId));
    logicalIds.set(key(candidate.type, candidate.physicalId), logicalId);
    resources.push({ type: candidate.type, logicalId, physicalId: candidate.physicalId, member: true, payload: candidate.payload });
  }
  for (const candidate of candidates) {
    const ends = dependentEnds(candidate);
    if (!ends || !planned.has(ends.owner) || bound.has(key(candidate.type, String(candidate.physicalId)))) continue;
    const logicalId = dependentLogicalId(candidate, logicalIds, ends.owner, ends.target);
    resources.push({ type: candidate.type, logicalId, physicalId: candidate.physicalId, member: true, payload: candidate.payload });
  }

  const ownByLogicalId = new Map(bindings.filter((b) => b.projectId === projectId).map((b) => [`${b.resourceType}:${b.logicalId}`, b]));
  const friends: FriendResource[] = [];
  for (const friend of body.friends ?? []) {
    const binding = ownByLogicalId.get(`${friend.type}:${friend.logicalId}`);
    if (!binding) continue;
    const physicalId = INTEGER_TYPES.has(binding.resourceType) ? Number(binding.resourceId) : binding.resourceId;
    friends.push({ type: friend.type, logicalId: friend.logicalId, physicalId });
  }
  return { resources, friends, auxiliary: [] };
}
