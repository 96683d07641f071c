import { noteAgentHeard } from '../agent-connectivity';
import { randomUUID } from 'node:crypto';
import { findAgent, insertAgent, touchAgent } from '../../db/repositories/private-locations';
import type { AgentHeartbeat, AgentHeartbeatReply, AgentRegistered, AgentRegistration } from '../../../src-shared/schemas/agent-protocol';
import type { ServiceDeps } from '../context';
import type { AgentPrincipal } from './authenticate';
import { MAX_LEASE_WAIT_SECONDS } from '../job-signals';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { listLeasedJobsOfAgent, setLeaseExpiry } from '../../db/repositories/agent-jobs';

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

/** 404 for an agent id the location does not know (forgotten after a long silence): register again. */
export async function touchKnownAgent(db: Db, principal: AgentPrincipal, agentId: string, now: number): Promise<void> {
  if (!await findAgent(db, principal.locationId, agentId)) {
    throw new AppError('not_found', `Agent ${agentId} is not registered for private location ${principal.slugName}: register again with POST /v1/agent/register`);
  }
  await touchAgent(db, agentId, now);
}

/**
 * Renews the leases of the jobs the agent says it is running and tells it which jobs to stop:
 * cancelled ones, and ones no longer leased to it (its lease expired and the job went elsewhere).
 */
export async function agentHeartbeat(deps: ServiceDeps, principal: AgentPrincipal, heartbeat: AgentHeartbeat): Promise<AgentHeartbeatReply> {
  const now = deps.clock.now().getTime();
  const reply = await transaction(deps.db, async (tx) => {
    await touchKnownAgent(tx, principal, heartbeat.agentId, now);
    const running = new Set(heartbeat.runningJobIds);
    const cancelled: string[] = [];
    const held = new Set<string>();
    for (const row of await listLeasedJobsOfAgent(tx, heartbeat.agentId)) {
      held.add(row.jobId);
      if (row.cancelled) cancelled.push(row.jobId);
      else if (running.has(row.jobId)) await setLeaseExpiry(tx, row.jobId, now + row.leaseMs);
    }
    for (const jobId of running) if (!held.has(jobId)) cancelled.push(jobId);
    return { cancelledJobIds: cancelled };
  });
  await noteAgentHeard(deps, { agentId: heartbeat.agentId, accountId: principal.accountId, locationName: principal.locationName, slugName: principal.slugName }, heartbeat.connectivity);
  return reply;
}
