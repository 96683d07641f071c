import { noteAgentHeard } from '../agent-connectivity';
import { randomUUID } from 'node:crypto';
import { insertAgent } from '../../db/repositories/private-locations';
import type { AgentHeartbeat, AgentHeartbeatReply, AgentRegistered, AgentRegistration } from '../../../src-shared/schemas/agent-protocol';
import type { ServiceDeps } from '../context';
import type { AgentPrincipal } from './authenticate';
import { MAX_LEASE_WAIT_SECONDS } from '../job-signals';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { listLeasedJobsOfAgent, renewLeases, touchAgentOfLocation } from '../../db/repositories/agent-jobs';

/** A starting agent gets an id; the location's agent list shows it from now on. */
export async function registerAgent(deps: ServiceDeps, principal: AgentPrincipal, registration: AgentRegistration): Promise<AgentRegistered> {
  const now = deps.clock.now().getTime();
  const agentId = randomUUID();
  await insertAgent(deps.db, {
    id: agentId,
    locationId: principal.locationId,
    hostname: registration.hostname,
    version: registration.version,
    concurrency: registration.concurrency,
    registeredAt: now,
    lastSeenAt: now,
  });
  deps.logger.info({ agentId, location: principal.slugName }, 'remote agent registered');
  return {
    agentId,
    privateLocation: { id: principal.locationId, name: principal.locationName, slugName: principal.slugName },
    heartbeatIntervalMs: deps.runtime.agentJobs.settings.heartbeatIntervalMs,
    maxLeaseWaitSeconds: MAX_LEASE_WAIT_SECONDS,
  };
}

/**
 * 404 for an agent id the location does not know (forgotten after a long silence): register again.
 * Otherwise what the store says of the agent: since when it is marked unreachable (null: it is not).
 * Transactions of the queue lock its jobs before the agent's row, so they never wait in a circle.
 */
export async function touchKnownAgent(db: Db, principal: AgentPrincipal, agentId: string, now: number): Promise<{ unreachableSince: number | null }> {
  const stored = await touchAgentOfLocation(db, principal.locationId, agentId, now);
  if (!stored) {
    throw new AppError('not_found', `Agent ${agentId} is not registered for private location ${principal.slugName}: register again with POST /v1/agent/register`);
  }
  return stored;
}

/**
 * Renews the leases of the jobs the agent says it is running and tells it which jobs to stop:
 * cancelled ones, and ones no longer leased to it (its lease expired and the job went elsewhere,
 * or the sweep of another server requeued it a moment ago: the renewal is conditional on the lease).
 */
export async function agentHeartbeat(deps: ServiceDeps, principal: AgentPrincipal, heartbeat: AgentHeartbeat): Promise<AgentHeartbeatReply> {
  const now = deps.clock.now().getTime();
  const { reply, stored } = await transaction(deps.db, async (tx) => {
    const held = await listLeasedJobsOfAgent(tx, heartbeat.agentId);
    const renewed = new Set(await renewLeases(tx, heartbeat.agentId, [...new Set(heartbeat.runningJobIds)], now));
    const stored = await touchKnownAgent(tx, principal, heartbeat.agentId, now);
    const cancelled = held.filter((row) => row.cancelled).map((row) => row.jobId);
    for (const jobId of new Set(heartbeat.runningJobIds)) if (!renewed.has(jobId) && !cancelled.includes(jobId)) cancelled.push(jobId);
    return { reply: { cancelledJobIds: cancelled }, stored };
  });
  await noteAgentHeard(deps, { agentId: heartbeat.agentId, accountId: principal.accountId, locationName: principal.locationName, slugName: principal.slugName }, heartbeat.connectivity, stored.unreachableSince);
  return reply;
}
