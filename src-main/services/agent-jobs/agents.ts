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
export function registerAgent(deps: ServiceDeps, principal: AgentPrincipal, registration: AgentRegistration): AgentRegistered {
  const now = deps.clock.now().getTime();
  const agentId = randomUUID();
  insertAgent(deps.db, {
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
export function touchKnownAgent(db: Db, principal: AgentPrincipal, agentId: string, now: number): void {
  if (!findAgent(db, principal.locationId, agentId)) {
    throw new AppError('not_found', `Agent ${agentId} is not registered for private location ${principal.slugName}: register again with POST /v1/agent/register`);
  }
  touchAgent(db, agentId, now);
}

/**
 * Renews the leases of the jobs the agent says it is running and tells it which jobs to stop:
 * cancelled ones, and ones no longer leased to it (its lease expired and the job went elsewhere).
 */
export function agentHeartbeat(deps: ServiceDeps, principal: AgentPrincipal, heartbeat: AgentHeartbeat): AgentHeartbeatReply {
  const now = deps.clock.now().getTime();
  const reply = transaction(deps.db, (tx) => {
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
  noteAgentHeard(deps, { agentId: heartbeat.agentId, accountId: principal.accountId, locationName: principal.locationName, slugName: principal.slugName }, heartbeat.connectivity);
  return reply;
}
