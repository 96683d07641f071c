import { AppError, isAppError } from '../../core/errors';
import type { BindingRow } from '../../db/repositories/projects';
import type { DeployPayload, DeployResource, DiffEntry } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';
import type { FoldedMembers } from './folded';
import { physicalIdOf, resolveRefs, type PhysicalId } from './resolve-refs';
import type { ResourceKind } from './resource-kinds';

export const keyOf = (type: string, logicalId: string) => `${type}\u0000${logicalId}`;

/** A rule of the entity's own service, named after the resource that broke it. */
export function named<T>(resource: DeployResource, work: () => T): T {
  const rename = (error: unknown): never => {
    if (isAppError(error) && (error.kind === 'validation' || error.kind === 'not_found' || error.kind === 'conflict')) {
      throw new AppError(error.kind === 'not_found' ? 'validation' : error.kind, `${resource.type} "${resource.logicalId}": ${error.message}`, error.attributes);
    }
    throw error;
  };
  try {
    const result = work();
    return (result instanceof Promise ? result.catch(rename) : result) as T;
  } catch (error) {
    return rename(error);
  }
}

/** What the entity's service takes: refs resolved, multi-step files and folded members filled in. */
export function bodyOf(resource: DeployResource, payload: DeployPayload, physical: ReadonlyMap<string, PhysicalId>, folded: ReadonlyMap<string, FoldedMembers>): Record<string, unknown> {
  const body = resolveRefs(resource.payload ?? {}, physical, `${resource.type} "${resource.logicalId}"`) as Record<string, unknown>;
  // Multi-step checks' files and API checks' script files come as indexes into the deploy's sharedFiles.
  if (resource.type === 'check') {
    for (const key of ['dependencies', 'setupScriptDependencies', 'tearDownScriptDependencies']) {
      const listed = body[key];
      if (Array.isArray(listed)) body[key] = listed.map((index) => payload.sharedFiles[Number(index)]).filter(Boolean);
    }
  }
  if (resource.type === 'check' || resource.type === 'check-group') {
    const members = folded.get(resource.logicalId);
    body.alertChannelSubscriptions = members?.subscriptions ?? [];
    body.privateLocations = members?.privateLocations ?? [];
  }
  return body;
}

/** Members whose value changes on every write (the time of the write), left out when telling a change from none. */
const WRITE_STAMPS = new Set(['updated_at', 'updatedAt']);

/** A read of a resource as text to compare, without its write stamps. */
export function comparable(value: unknown): string {
  return JSON.stringify(value, (key, member: unknown) => (WRITE_STAMPS.has(key) ? undefined : member));
}

/**
 * One resource through its entity's verbs: updated when its binding (or adopted id) still exists,
 * created otherwise. An update that left the resource as it was is noted in `unchanged` (by keyOf).
 */
export async function applyOne(ctx: ServiceContext, kind: ResourceKind, resource: DeployResource, binding: BindingRow | undefined, body: Record<string, unknown>, diff: DiffEntry[], unchanged: Set<string>, reservedId?: number): Promise<PhysicalId> {
  const adopted = binding?.resourceId ?? (resource.physicalId == null ? undefined : String(resource.physicalId));
  return await named(resource, async () => {
    // An unchanged resource is still an UPDATE, as the CLI expects; one deleted outside the deploy is created again.
    if (adopted !== undefined && (await kind.exists(ctx, adopted))) {
      const before = comparable(await kind.read(ctx, adopted));
      await kind.update(ctx, adopted, body);
      if (comparable(await kind.read(ctx, adopted)) === before) unchanged.add(keyOf(resource.type, resource.logicalId));
      const id = physicalIdOf(kind.type, adopted);
      diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: id, action: 'UPDATE' });
      return id;
    }
    const id = await kind.create(ctx, body, reservedId);
    diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: id, action: 'CREATE' });
    return id;
  });
}
