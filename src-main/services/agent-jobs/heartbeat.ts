import { transaction } from '../../db/connection';
import { listLeasedJobsOfAgent, setLeaseExpiry } from '../../db/repositories/agent-jobs';
import { AgentHeartbeat, type AgentHeartbeatReply } from '../../../src-shared/schemas/agent-protocol';
import type { ServiceDeps } from '../context';
import { parseOrThrow } from '../validation';
import type { AgentPrincipal } from './authenticate';
import { touchKnownAgent } from './known-agent';

/**
 * Renews the leases of the jobs the agent says it is running and tells it which jobs to stop:
 * cancelled ones, and ones no longer leased to it (its lease expired and the job went elsewhere).
 */
export function agentHeartbeat(deps: ServiceDeps, principal: AgentPrincipal, input: unknown): AgentHeartbeatReply {
  const heartbeat = parseOrThrow(AgentHeartbeat, input ?? {});
  const now = deps.clock.now().getTime();
  return transaction(deps.db, (tx) => {
    touchKnownAgent(tx, principal, heartbeat.agentId, now);
    const running = new Set(heartbeat.runningJobIds);
    const cancelled: string[] = [];
    const held = new Set<string>();
    for (const row of listLeasedJobsOfAgent(tx, heartbeat.agentId)) {
      held.add(row.jobId);
      if (row.cancelled) cancelled.push(row.jobId);
      else if (running.has(row.jobId)) setLeaseExpiry(tx, row.jobId, now + row.leaseMs);
    }
    for (const jobId of running) if (!held.has(jobId)) cancelled.push(jobId);
    return { cancelledJobIds: cancelled };
  });
}
