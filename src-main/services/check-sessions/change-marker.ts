import { accountVariablesFingerprint } from '../../db/repositories/account-variables';
import { checksFingerprint } from '../../db/repositories/runs';
import type { ServiceDeps } from '../context';

/** Changes whenever a check, group or account variable is created, changed or deleted; cheap enough to poll every few seconds. */
export function checksChangeMarker(deps: ServiceDeps): string {
  return `${checksFingerprint(deps.db)}|${accountVariablesFingerprint(deps.db)}`;
}
