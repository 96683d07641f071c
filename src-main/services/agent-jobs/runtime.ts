import type { JobOutcome } from '../../runner/jobs';
import type { ServiceDeps } from '../context';
import { noteUnreachableRuns } from '../agent-connectivity';
import type { AgentJobSettings } from '../job-signals';

/** Hands outcomes to the coordinator after the transaction that produced them has committed. */
export async function reportOutcomes(deps: ServiceDeps, outcomes: readonly JobOutcome[]): Promise<void> {
  const handler = deps.runtime.agentJobs.onOutcome;
  const now = deps.clock.now().getTime();
  await noteUnreachableRuns(deps, outcomes);
  for (const outcome of outcomes) {
    if (outcome.reason === 'NO_AGENT' || outcome.reason === 'AGENT_UNREACHABLE') deps.runtime.noAgent.add(outcome.job.execution.runLocation, now);
    if (!handler) {
      deps.logger.warn({ jobId: outcome.job.jobId }, 'a remote job outcome arrived while no scheduler listens; it is not recorded');
      continue;
    }
    try {
      handler(outcome);
    } catch (error) {
      deps.logger.error({ err: error, jobId: outcome.job.jobId }, 'recording a remote job outcome failed');
    }
  }
}

export function leaseLengthOf(settings: AgentJobSettings, timeoutMs: number): number {
  return settings.leaseMs ?? timeoutMs + settings.leaseGraceMs;
}
