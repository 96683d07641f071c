import { laneOf, type JobOutcome, type LaneName, type RunJob } from '../../runner/jobs';
import { transaction } from '../../db/connection';
import { deleteAgentJob, markLeased, takeQueuedJobs } from '../../db/repositories/agent-jobs';
import type { AgentLeaseReply, AgentLeaseRequest } from '../../../src-shared/schemas/agent-protocol';
import type { ServiceDeps } from '../context';
import { openJobSecrets } from '../secrets';
import type { AgentPrincipal } from './authenticate';
import { touchKnownAgent } from './agents';
import { reportOutcomes } from './runtime';
import { storedJob } from './stored-job';
import { notTakenReason } from './connected';
import { perLane } from '../../../src-shared/rules/lanes';

/** How long a lease request that found its location's waiting jobs held by another server's claim waits before it looks again. */
const HELD_ELSEWHERE_RETRY_MS = 50;
/** Looks again at most this often past the request's own wait. */
const HELD_ELSEWHERE_RETRIES = 5;

interface Claimed {
  jobs: RunJob[];
  /** Waiting jobs were held by another server's claim: some may be left over once it commits. */
  heldElsewhere: boolean;
}

async function claim(deps: ServiceDeps, principal: AgentPrincipal, agentId: string, max: number, lanes?: Partial<Record<LaneName, number>>): Promise<Claimed> {
  const free = lanes ? perLane((lane) => lanes[lane] ?? 0) : null;
  deps.runtime.agentJobs.observeClock?.();
  const now = deps.clock.now().getTime();
  const dropped: JobOutcome[] = [];
  const leased = await transaction(deps.db, async (tx) => {
    // Overdue jobs are dropped on the way, so look a little further than max. The rows are this
    // request's until it commits: lease requests on other servers take the ones after them.
    const { rows, heldElsewhere } = await takeQueuedJobs(tx, principal.locationId, max * 2 + 10);
    // Why an overdue job was not taken is judged as before this request: an agent coming back from silence did not leave it for being busy.
    const notTaken = new Map<string, Awaited<ReturnType<typeof notTakenReason>>>();
    for (const row of rows) if (row.dropAfter < now) notTaken.set(row.jobId, await notTakenReason(deps, tx, principal.locationId, now, row.enqueuedAt));
    await touchKnownAgent(tx, principal, agentId, now);
    const jobs: RunJob[] = [];
    for (const row of rows) {
      if (jobs.length >= max) break;
      const job = storedJob(deps.logger, row);
      if (!job || row.dropAfter < now) {
        await deleteAgentJob(tx, row.jobId);
        if (job) dropped.push({ job, result: null, reason: notTaken.get(row.jobId) ?? 'SKIPPED', agentId });
        continue;
      }
      // An agent with lanes takes only what its lanes have room for; the rest waits for it or another agent.
      if (free) {
        const lane = laneOf(job);
        if (free[lane] <= 0) continue;
        free[lane]--;
      }
      await markLeased(tx, row.jobId, agentId, now + row.leaseMs, row.leases + 1);
      jobs.push(job);
    }
    return { jobs, heldElsewhere };
  });
  await reportOutcomes(deps, dropped);
  return leased;
}

/**
 * Hands up to `max` waiting jobs of the agent's location to it. Long-poll: with none waiting,
 * the request is held until one arrives, `waitSeconds` pass, the client goes away, or the server
 * shuts down; then it answers an empty list.
 */
export async function leaseAgentJobs(deps: ServiceDeps, principal: AgentPrincipal, request: AgentLeaseRequest, signal?: AbortSignal): Promise<AgentLeaseReply> {
  const { signals } = deps.runtime.agentJobs;
  const deadline = Date.now() + request.waitSeconds * 1000;
  let retries = 0;
  for (;;) {
    const { jobs, heldElsewhere } = await claim(deps, principal, request.agentId, request.max, request.lanes);
    const remaining = deadline - Date.now();
    // Jobs another server's claim held may be left over when it commits (it leases at most its
    // agent's max), and no wake-up follows that: a short look again, even past the request's wait.
    const lookAgain = heldElsewhere && retries < HELD_ELSEWHERE_RETRIES;
    if (jobs.length > 0 || (remaining <= 0 && !lookAgain) || signals.closed || signal?.aborted) {
      // The agent needs the real values; they stay sealed in agent_jobs.
      return { jobs: jobs.map((job) => openJobSecrets(deps.keyring, job)) };
    }
    if (lookAgain) retries++;
    await signals.wait(principal.locationId, lookAgain ? HELD_ELSEWHERE_RETRY_MS : remaining, signal);
  }
}

/** At server shutdown: waiting lease requests answer at once, so closing the HTTP server does not wait for them. */
export function stopAgentLongPolls(deps: ServiceDeps): void {
  deps.runtime.agentJobs.signals.close();
}
