import { randomUUID } from 'node:crypto';
import { insertAgent } from '../../db/repositories/private-locations';
import { AgentRegistration, type AgentRegistered } from '../../../src-shared/schemas/agent-protocol';
import type { ServiceDeps } from '../context';
import { parseOrThrow } from '../validation';
import type { AgentPrincipal } from './authenticate';
import { MAX_LEASE_WAIT_SECONDS } from './signals';

/** A starting agent gets an id; the location's agent list shows it from now on. */
export function registerAgent(deps: ServiceDeps, principal: AgentPrincipal, input: unknown): AgentRegistered {
  const registration = parseOrThrow(AgentRegistration, input ?? {});
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
