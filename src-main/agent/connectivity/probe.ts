import { runTool } from '../../runner/process';
import type { ExecutorDeps } from '../../runner/types';

/** Canaries that answered one probe round, as they were named. */
export type CanaryProbe = (canaries: readonly string[]) => Promise<{ answered: string[] }>;

/** Each canary gets one retry, each packet this long to come back: a round lasts about two seconds at most. */
const REPLY_WAIT_MS = 800;
const RETRIES = 1;

/**
 * One round through the ICMP tooling the checks use: one `fping` for every canary (it prints the
 * ones that answered with -a), or one `ping` per canary where fping is missing.
 */
export function icmpCanaryProbe(deps: ExecutorDeps): CanaryProbe {
  let fpingMissing = false;
  return async (canaries) => {
    if (canaries.length === 0) return { answered: [] };
    const timeoutMs = (RETRIES + 1) * REPLY_WAIT_MS + 3000;
    if (!fpingMissing) {
      const args = ['-a', '-q', '-r', String(RETRIES), '-t', String(REPLY_WAIT_MS), ...canaries];
      const run = await runTool({ command: deps.tools?.fping ?? 'fping', args, timeoutMs, wrap: true }, deps);
      // -a prints each target that answered as it was named on the command line.
      if (!run.missing) {
        const alive = new Set(run.stdout.split('\n').map((line) => line.trim()));
        return { answered: canaries.filter((canary) => alive.has(canary)) };
      }
      fpingMissing = true;
    }
    const replies = await Promise.all(
      canaries.map(async (canary) => {
        const args = ['-n', '-c', String(RETRIES + 1), '-W', String(Math.ceil(REPLY_WAIT_MS / 1000)), canary];
        const run = await runTool({ command: deps.tools?.ping ?? 'ping', args, timeoutMs, wrap: true }, deps);
        return run.exitCode === 0;
      }),
    );
    return { answered: canaries.filter((_, i) => replies[i]) };
  };
}
