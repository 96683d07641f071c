import { AppError } from '../../core/errors';

export type PhysicalId = string | number;

function isRef(value: unknown): value is { ref: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as { ref?: unknown }).ref === 'string';
}

/**
 * The payload with every `{ref: logicalId}` replaced by that resource's physical id. Resources are
 * applied in dependency order, so a ref to one not applied yet names a resource the project lacks.
 */
export function resolveRefs(value: unknown, physical: ReadonlyMap<string, PhysicalId>, where: string): unknown {
  if (isRef(value)) {
    const id = physical.get(value.ref);
    if (id === undefined) throw new AppError('validation', `${where}: references "${value.ref}", which is not a resource of this project`);
    return id;
  }
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, physical, where));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item, physical, where)]));
  }
  return value;
}

/** A physical id as the entity stores it: groups, channels and windows have integer ids. */
export function physicalIdOf(type: string, raw: string | number): PhysicalId {
  if (['check-group', 'alert-channel', 'maintenance-window'].includes(type) && /^\d+$/.test(String(raw))) return Number(raw);
  return String(raw);
}
