import { AppError } from '../../core/errors';
import type { DeployResource } from '../../../src-shared/schemas/project';

/** Duplicates named in the message before it is cut short. */
const NAMED = 20;

/**
 * Each construct is bound by its type and logical id, so two constructs of one type with one
 * logical id cannot both be deployed: the deploy is refused whole (400 naming them), before
 * anything is touched.
 */
export function refuseDuplicateLogicalIds(resources: readonly DeployResource[]): void {
  const seen = new Set<string>();
  const duplicates = new Map<string, string>();
  for (const resource of resources) {
    const key = `${resource.type}\u0000${resource.logicalId}`;
    if (seen.has(key)) duplicates.set(key, `${resource.type} "${resource.logicalId}"`);
    seen.add(key);
  }
  if (duplicates.size === 0) return;
  const named = [...duplicates.values()];
  const shown = named.length > NAMED ? `${named.slice(0, NAMED).join(', ')} and ${named.length - NAMED} more` : named.join(', ');
  throw new AppError(
    'validation',
    `Each construct needs its own logical id within its type, so nothing was deployed: ${shown} ${named.length === 1 ? 'is' : 'are'} named more than once. Give each construct a unique logical id.`,
    { duplicateLogicalIds: [...duplicates.keys()].map((key) => key.split('\u0000')[1]).slice(0, 100) },
  );
}
