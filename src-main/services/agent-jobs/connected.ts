import type { Db } from '../../db/connection';
import { listAgentsOfLocations } from '../../db/repositories/private-locations';
import type { NoResultReason } from '../../runner/jobs';
import type { ServiceDeps } from '../context';

/** An agent counts as connected while it was seen within this many heartbeat intervals (as the location's agent list). */
const CONNECTED_WITHIN_HEARTBEATS = 3;

export function hasConnectedAgent(deps: ServiceDeps, db: Db, locationId: string, now: number): boolean {
  const since = now - CONNECTED_WITHIN_HEARTBEATS * deps.runtime.agentJobs.settings.heartbeatIntervalMs;
  return listAgentsOfLocations(db, [locationId]).some((agent) => agent.lastSeenAt >= since);
}

/**
 * Why a job no agent took is not run: with an agent connected, its lanes were too busy (SKIPPED);
 * with none, nobody could have run it (NO_AGENT), and more capacity would not help.
 */
export function notTakenReason(deps: ServiceDeps, db: Db, locationId: string, now: number): NoResultReason {
  return hasConnectedAgent(deps, db, locationId, now) ? 'SKIPPED' : 'NO_AGENT';
}
