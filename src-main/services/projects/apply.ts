import { AppError, isAppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { deleteBinding, foreignOwners, insertBinding, updateBinding, type BindingRow, type ProjectRow } from '../../db/repositories/projects';
import type { DeployPayload, DeployResource, DiffEntry } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';
import { foldedPhysicalId, foldMembers, type FoldedMembers } from './folded';
import { physicalIdOf, resolveRefs, type PhysicalId } from './resolve-refs';
import { FOLDED_TYPES, KIND_BY_TYPE, RESOURCE_KINDS, type ResourceKind } from './resource-kinds';

const keyOf = (type: string, logicalId: string) => `${type}\u0000${logicalId}`;
const isFolded = (type: string) => FOLDED_TYPES.some((folded) => folded === type);

export interface ApplyResult {
  diff: DiffEntry[];
  /** Checks created or updated by this deploy, for scheduleOnDeploy. */
  deployedCheckIds: string[];
}

/** A rule of the entity's own service, named after the resource that broke it. */
function named<T>(resource: DeployResource, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isAppError(error) && (error.kind === 'validation' || error.kind === 'not_found' || error.kind === 'conflict')) {
      throw new AppError(error.kind === 'not_found' ? 'validation' : error.kind, `${resource.type} "${resource.logicalId}": ${error.message}`, error.attributes);
    }
    throw error;
  }
}

/** What the entity's service takes: refs resolved, multi-step files and folded members filled in. */
function bodyOf(resource: DeployResource, payload: DeployPayload, physical: Map<string, PhysicalId>, folded: Map<string, FoldedMembers>): Record<string, unknown> {
  const body = resolveRefs(resource.payload ?? {}, physical, `${resource.type} "${resource.logicalId}"`) as Record<string, unknown>;
  if (resource.type === 'check' && Array.isArray(body.dependencies)) {
    body.dependencies = body.dependencies.map((index) => payload.sharedFiles[Number(index)]).filter(Boolean);
  }
  if (resource.type === 'check' || resource.type === 'check-group') {
    const members = folded.get(resource.logicalId);
    body.alertChannelSubscriptions = members?.subscriptions ?? [];
    body.privateLocations = members?.privateLocations ?? [];
  }
  return body;
}

function refuseForeignOwners(ctx: ServiceContext, project: ProjectRow, resources: readonly DeployResource[]): void {
  for (const resource of resources) {
    if (!resource.member || resource.physicalId == null) continue;
    const [owner] = foreignOwners(ctx.db, ctx.accountId, project.id, resource.type, [String(resource.physicalId)]);
    if (owner) {
      throw new AppError(
        'conflict',
        `${resource.type} "${resource.logicalId}" (${resource.physicalId}) is owned by project "${owner.project.logicalId}" as "${owner.logicalId}": only that project's deploys may change it. Reference it with fromId() instead.`,
      );
    }
  }
}

/**
 * The file a resource comes from, as far as the deploy payload says: the CLI sends a multi-step
 * check's spec file (`scriptPath`) and nothing for other constructs.
 */
function sourceFileOf(resource: DeployResource): string | null {
  const scriptPath = resource.payload?.scriptPath;
  return typeof scriptPath === 'string' && scriptPath.length > 0 ? scriptPath.slice(0, 1024) : null;
}

/**
 * Applies a project's resources through each entity's service, in dependency order, inside the
 * caller's transaction; then deletes (or, with preserveResources, detaches) what the code dropped.
 */
export function applyResources(ctx: ServiceContext, tx: Db, project: ProjectRow, payload: DeployPayload, existing: BindingRow[], preserveResources: boolean): ApplyResult {
  const now = ctx.clock.now().toISOString();
  const bound = new Map(existing.map((binding) => [keyOf(binding.resourceType, binding.logicalId), binding]));
  const physical = new Map<string, PhysicalId>();
  const diff: DiffEntry[] = [];
  const deployedCheckIds: string[] = [];
  refuseForeignOwners(ctx, project, payload.resources);

  const bind = (resource: DeployResource, id: PhysicalId) => {
    const binding = bound.get(keyOf(resource.type, resource.logicalId));
    // A binding an import plan reserved stays pending until the plan is committed (or cancelled).
    const sourceFile = sourceFileOf(resource);
    if (binding) updateBinding(tx, binding.id, { resourceId: String(id), member: resource.member, pending: binding.importPlanId ? binding.pending : false, sourceFile, updatedAt: now });
    else insertBinding(tx, { accountId: ctx.accountId, projectId: project.id, resourceType: resource.type, resourceId: String(id), logicalId: resource.logicalId, member: resource.member, pending: false, sourceFile, importPlanId: null, createdAt: now, updatedAt: null });
  };

  for (const resource of payload.resources.filter((r) => !r.member)) {
    const kind = KIND_BY_TYPE.get(resource.type);
    const id = physicalIdOf(resource.type, resource.physicalId ?? '');
    if (!kind || !named(resource, () => kind.exists(ctx, String(id)))) {
      throw new AppError('validation', `${resource.type} "${resource.logicalId}": fromId(${String(resource.physicalId)}) names no ${resource.type} of this account`);
    }
    physical.set(resource.logicalId, id);
    bind(resource, id);
  }

  let folded = new Map<string, FoldedMembers>();
  for (const kind of RESOURCE_KINDS) {
    // Groups are the first kind that takes subscriptions and locations: both exist by now.
    if (kind.type === 'check-group') folded = foldMembers(ctx, payload.resources, physical);
    for (const resource of payload.resources.filter((r) => r.member && r.type === kind.type)) {
      const id = applyOne(ctx, kind, resource, bound.get(keyOf(resource.type, resource.logicalId)), bodyOf(resource, payload, physical, folded), diff);
      physical.set(resource.logicalId, id);
      bind(resource, id);
      if (kind.type === 'check') deployedCheckIds.push(String(id));
    }
  }
  for (const resource of payload.resources.filter((r) => r.member && isFolded(r.type))) {
    const id = foldedPhysicalId(ctx, resource, physical);
    if (id === null) continue;
    diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: id, action: bound.has(keyOf(resource.type, resource.logicalId)) ? 'UPDATE' : 'CREATE' });
    bind(resource, id);
  }
  const wanted = new Set(payload.resources.map((r) => keyOf(r.type, r.logicalId)));
  diff.push(...dropUnwanted(ctx, tx, existing.filter((binding) => !wanted.has(keyOf(binding.resourceType, binding.logicalId))), preserveResources));
  return { diff, deployedCheckIds };
}

function applyOne(ctx: ServiceContext, kind: ResourceKind, resource: DeployResource, binding: BindingRow | undefined, body: Record<string, unknown>, diff: DiffEntry[]): PhysicalId {
  const adopted = binding?.resourceId ?? (resource.physicalId == null ? undefined : String(resource.physicalId));
  return named(resource, () => {
    // An unchanged resource is still an UPDATE, as the CLI expects; one deleted outside the deploy is created again.
    if (adopted !== undefined && kind.exists(ctx, adopted)) {
      kind.update(ctx, adopted, body);
      const id = physicalIdOf(kind.type, adopted);
      diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: id, action: 'UPDATE' });
      return id;
    }
    const id = kind.create(ctx, body);
    diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: id, action: 'CREATE' });
    return id;
  });
}

/** Bindings the code no longer names: members deleted (or detached), references and pending imports only unbound. */
export function dropUnwanted(ctx: ServiceContext, tx: Db, gone: BindingRow[], preserveResources: boolean): DiffEntry[] {
  const diff: DiffEntry[] = [];
  const order = [...FOLDED_TYPES, ...RESOURCE_KINDS.map((kind) => kind.type).reverse()];
  const sorted = [...gone].sort((a, b) => order.indexOf(a.resourceType) - order.indexOf(b.resourceType));
  for (const binding of sorted) {
    // A binding an import plan reserved is the import's to commit or cancel.
    if (binding.pending) continue;
    deleteBinding(tx, binding.id);
    if (!binding.member) continue;
    const entry = { type: binding.resourceType, logicalId: binding.logicalId, physicalId: physicalIdOf(binding.resourceType, binding.resourceId) };
    if (preserveResources) {
      diff.push({ ...entry, action: 'DETACHED' });
      continue;
    }
    const kind = KIND_BY_TYPE.get(binding.resourceType);
    // Folded resources go with the check or group that holds them (or stay with it when it stays: the update replaced them).
    if (kind && kind.exists(ctx, binding.resourceId)) kind.remove(ctx, binding.resourceId);
    diff.push({ ...entry, action: 'DELETE' });
  }
  return diff;
}
