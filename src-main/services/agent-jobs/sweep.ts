import type { JobOutcome } from '../../runner/jobs';
import { transaction } from '../../db/connection';
import { deleteAgentJob, requeueJob, takeExpiredLeases, takeOverdueQueued } from '../../db/repositories/agent-jobs';
import { deleteAgentsNotSeenSince, findAgentById } from '../../db/repositories/private-locations';
import type { ServiceDeps } from '../context';
import { reportOutcomes } from './runtime';
import { notTakenReason } from './connected';
import { storedJob } from './stored-job';
import { noteSilentAgents } from '../agent-connectivity';

/** Agents silent this long leave their location's agent list. */
export const FORGET_AGENTS_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

/**
 * The broker's periodic pass. A lease that expired (its agent died or lost the network) returns
 * the job to the queue for another agent, unless the job's time to run has passed: then it is
 * recorded LEASE_EXPIRED (AGENT_UNREACHABLE when its agent is). Jobs nobody leased before their
 * dropAfter are recorded as connected.ts says why. Agents gone silent are announced unreachable.
 * Several servers may sweep one queue: each takes only rows no other holds (a sweep, a heartbeat
 * renewing the lease, an outcome being recorded), with their condition re-checked once held, so a
 * job expires or goes back to the queue once.
 */
export async function sweepAgentJobs(deps: ServiceDeps): Promise<{ requeued: number; expired: number; dropped: number }> {
  deps.runtime.agentJobs.observeClock?.();
  const now = deps.clock.now().getTime();
  const outcomes: JobOutcome[] = [];
  const wake = new Set<string>();
  const counts = { requeued: 0, expired: 0, dropped: 0 };
  await transaction(deps.db, async (tx) => {
    for (const row of await takeExpiredLeases(tx, now, BATCH)) {
      const job = storedJob(deps.logger, row);
      if (!job || row.cancelled || row.dropAfter < now) {
        await deleteAgentJob(tx, row.jobId);
        // The stored mark, not this server's memory: another server may have marked the agent.
        const unreachable = row.agentId !== null && (await findAgentById(tx, row.agentId))?.unreachableSince != null;
        if (job) outcomes.push({ job, result: null, reason: row.cancelled ? 'CANCELLED' : unreachable ? 'AGENT_UNREACHABLE' : 'LEASE_EXPIRED', agentId: row.agentId ?? 'broker' });
        counts.expired++;
      } else {
        await requeueJob(tx, row.jobId);
        wake.add(row.locationId);
        counts.requeued++;
      }
    }
    for (const row of await takeOverdueQueued(tx, now, BATCH)) {
      await deleteAgentJob(tx, row.jobId);
      const job = storedJob(deps.logger, row);
      if (job) outcomes.push({ job, result: null, reason: await notTakenReason(deps, tx, row.locationId, now, row.enqueuedAt), agentId: 'broker' });
      counts.dropped++;
    }
    await deleteAgentsNotSeenSince(tx, now - FORGET_AGENTS_AFTER_MS);
  });
  await noteSilentAgents(deps, now);
  if (counts.requeued > 0) deps.logger.warn({ requeued: counts.requeued }, 'leases of remote agents expired; their jobs went back to the queue');
  const { signals } = deps.runtime.agentJobs;
  for (const locationId of wake) signals.notify(locationId);
  await reportOutcomes(deps, outcomes);
  return counts;
}
