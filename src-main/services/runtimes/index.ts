import { AppError } from '../../core/errors';
import { playwrightVersion } from '../../runner/multistep-workspace';
import type { Runtime } from '../../../src-shared/schemas/platform';
import { RUNTIME_IDS } from '../../../src-shared/enums';

/** The account's default runtimeId (the newest the public API names); see GET /v1/runtimes. */
export const CURRENT_RUNTIME_ID: string = RUNTIME_IDS[0];

/**
 * Every runtime id the public API names, so a project that pins one (the CLI checks runtimeId
 * against this list before it sends anything) deploys unchanged. This build has one runtime: each id
 * is served by its own @playwright/test on the Node that runs the server, and says so; every
 * multi-step result names the version that really ran (`runtimeVersion`).
 */
export function listRuntimes(): Runtime[] {
  return RUNTIME_IDS.map(runtimeEntry);
}

export function getRuntime(id: string): Runtime {
  if (!(RUNTIME_IDS as readonly string[]).includes(id)) throw AppError.notFound();
  return runtimeEntry(id);
}

function runtimeEntry(id: string): Runtime {
  const playwright = playwrightVersion().replace(/^@playwright\/test /, '');
  const current = id === CURRENT_RUNTIME_ID;
  return {
    name: id,
    stage: current ? 'CURRENT' : 'STABLE',
    runtimeEndOfLife: null,
    default: current,
    description: `Served by Sightline's built-in runtime: multi-step checks naming ${id} run with @playwright/test ${playwright} on Node.js ${process.versions.node}, on this machine or its agents (not the package set the public API's ${id} pins). Every result names the version that ran.`,
    multiStepSupport: true,
    dependencies: { node: process.versions.node, '@playwright/test': playwright },
  };
}
