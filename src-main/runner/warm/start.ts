import { installedNodeModules } from '../multistep-workspace';
import type { ExecutorDeps } from '../types';
import { WarmRuntime } from './warm-runtime';

/**
 * The warm runtime for a server or agent whose sandbox is known, unless SIGHTLINE_MULTISTEP_RUNTIME=full
 * asks for the full `playwright test` path for every run. Stop it with close().
 */
export function startWarmRuntime(deps: ExecutorDeps, env: NodeJS.ProcessEnv, onLog?: (line: string) => void): WarmRuntime | null {
  if (env.SIGHTLINE_MULTISTEP_RUNTIME === 'full' || !deps.multiStepSandbox) return null;
  return new WarmRuntime({
    sandbox: deps.multiStepSandbox,
    node: deps.tools?.node,
    nodeModules: installedNodeModules(),
    memoryMb: deps.multiStepMemoryMb ?? 512,
    tempRoot: deps.tempRoot,
    platform: deps.platform,
    onLog,
  });
}
