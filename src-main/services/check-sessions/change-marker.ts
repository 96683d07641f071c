import { checksFingerprint } from '../../db/repositories/runs';
import type { ServiceDeps } from '../context';

/** Changes whenever a check or group is created, changed or deleted; cheap enough to poll every few seconds. */
export function checksChangeMarker(deps: ServiceDeps): string {
  return checksFingerprint(deps.db);
}
