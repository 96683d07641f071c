import { installedNodeModules } from '../../src-main/runner/multistep-workspace';
import { probeSandbox } from '../../src-main/runner/sandbox';
import type { ExecutorDeps } from '../../src-main/runner/types';
import { WarmRuntime } from '../../src-main/runner/warm/warm-runtime';

/** Executor deps with the real sandbox and a real warm runtime, as the server makes them; close() stops its processes. */
export async function warmExecutorDeps(memoryMb = 512, onLog?: (line: string) => void): Promise<{ deps: ExecutorDeps; close: () => void }> {
  const deps: ExecutorDeps = { now: () => new Date(), multiStepMemoryMb: memoryMb };
  deps.multiStepSandbox = await probeSandbox(deps, { nodeModules: installedNodeModules() });
  const warm = new WarmRuntime({ sandbox: deps.multiStepSandbox, nodeModules: installedNodeModules(), memoryMb, onLog });
  deps.warmRuntime = warm;
  return { deps, close: () => warm.close() };
}
