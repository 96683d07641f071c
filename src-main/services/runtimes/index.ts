import { AppError } from '../../core/errors';
import { playwrightVersion } from '../../runner/multistep-workspace';
import type { Runtime } from '../../../src-shared/schemas/platform';
import { RUNTIME_IDS } from '../../../src-shared/enums';

/**
 * The one runtime this build has: multi-step scripts run with its own @playwright/test on the Node
 * that runs the server, whatever `runtimeId` a check names.
 */
export function currentRuntime(): Runtime {
  const playwright = playwrightVersion().replace(/^@playwright\/test /, '');
  return {
    name: CURRENT_RUNTIME_ID,
    stage: 'CURRENT',
    runtimeEndOfLife: null,
    default: true,
    description: `Sightline's built-in runtime: multi-step checks run with @playwright/test ${playwright} on Node.js ${process.versions.node}, on this machine or its agents. Every runtimeId runs here.`,
    multiStepSupport: true,
    dependencies: { node: process.versions.node, '@playwright/test': playwright },
  };
}

export function listRuntimes(): Runtime[] {
  return [currentRuntime()];
}

export function getRuntime(id: string): Runtime {
  if (id !== CURRENT_RUNTIME_ID) throw AppError.notFound();
  return currentRuntime();
}

/** The account's default runtimeId (the newest the public API names); see GET /v1/runtimes. */
export const CURRENT_RUNTIME_ID: string = RUNTIME_IDS[0];
