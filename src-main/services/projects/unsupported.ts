import { AppError } from '../../core/errors';
import { ALERT_CHANNEL_TYPES } from '../../../src-shared/schemas/alert-channel';
import type { DeployResource } from '../../../src-shared/schemas/project';
import { RUN_TYPES_IN_WORDS } from '../../../src-shared/check-types';
import { FOLDED_TYPES, KIND_BY_TYPE, RUNNABLE_CHECK_TYPES } from './resource-kinds';

const SUPPORTED = `Sightline runs ${RUN_TYPES_IN_WORDS} checks, check groups (v1 and v2), alert channels and their subscriptions, status pages and their services, maintenance windows and private locations`;

function unsupportedKindOf(resource: DeployResource): string | null {
  if (resource.type === 'check') {
    const checkType = resource.payload?.checkType;
    if (resource.member && !RUNNABLE_CHECK_TYPES.some((type) => type === checkType)) return `check of type ${String(checkType ?? 'unknown')}`;
    return null;
  }
  const channelType = resource.payload?.type;
  if (resource.type === 'alert-channel' && resource.member && !ALERT_CHANNEL_TYPES.some((type) => type === channelType)) return `alert channel of type ${String(channelType)}`;
  if (KIND_BY_TYPE.has(resource.type) || FOLDED_TYPES.some((type) => type === resource.type)) return null;
  return resource.type;
}

/**
 * A deploy naming any construct Sightline does not run is refused whole, before anything is
 * touched: half a project deployed would be worse than none. The message names each one.
 */
export function refuseUnsupportedResources(resources: readonly DeployResource[]): void {
  const refused = resources.flatMap((resource) => {
    const kind = unsupportedKindOf(resource);
    return kind ? [`"${resource.logicalId}" (${kind})`] : [];
  });
  if (refused.length === 0) return;
  throw new AppError('validation', `Sightline does not run ${refused.length === 1 ? 'this construct' : 'these constructs'}, so nothing was deployed: ${refused.join(', ')}. ${SUPPORTED}.`);
}
