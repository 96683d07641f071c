import { runTool } from '../../runner/process';
import type { ExecutorDeps } from '../../runner/types';

/** Canaries that answered one probe round. */
export type CanaryProbe = (canaries: readonly string[]) => Promise<{ answered: number }>;

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
    if (canaries.length === 0) return { answered: 0 };
    const timeoutMs = (RETRIES + 1) * REPLY_WAIT_MS + 3000;
    if (!fpingMissing) {
      const args = ['-a', '-q', '-r', String(RETRIES), '-t', String(REPLY_WAIT_MS), ...canaries];
      const run = await runTool({ command: deps.tools?.fping ?? 'fping', args, timeoutMs, wrap: true }, deps);
      if (!run.missing) return { answered: run.stdout.split('\n').filter((line) => line.trim() !== '').length };
      fpingMissing = true;
    }
    const replies = await Promise.all(
      canaries.map(async (canary) => {
        const args = ['-n', '-c', String(RETRIES + 1), '-W', String(Math.ceil(REPLY_WAIT_MS / 1000)), canary];
        const run = await runTool({ command: deps.tools?.ping ?? 'ping', args, timeoutMs, wrap: true }, deps);
        return run.exitCode === 0;
      }),
    );
    return { answered: replies.filter(Boolean).length };
  };
}
