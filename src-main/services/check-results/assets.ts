import type { ServiceContext } from '../context';
import { getCheckResult } from './get';

export interface AssetManifest {
  assets: never[];
  truncated: boolean;
}

/**
 * The public API's asset manifest of a result. Sightline keeps no files of a run (a multi-step run's
 * folder is removed when it ends; logs, hops and steps are in the result itself), so every existing
 * result has an empty manifest; an unknown check or result is a 404.
 */
export function getCheckResultAssets(ctx: ServiceContext, checkId: string, checkResultId: string): AssetManifest {
  getCheckResult(ctx, checkId, checkResultId);
  return { assets: [], truncated: false };
}
