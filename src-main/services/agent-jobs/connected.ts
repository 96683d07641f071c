import type { Db } from '../../db/connection';
import { listAgentsOfLocations } from '../../db/repositories/private-locations';
import type { NoResultReason } from '../../runner/jobs';
import type { ServiceDeps } from '../context';
import { unreachableAfterMsOf } from '../job-signals';

/** An agent counts as connected while the server heard from it within the unreachable limit (three heartbeat intervals by default). */
export async function hasConnectedAgent(deps: ServiceDeps, db: Db, locationId: string, now: number): Promise<boolean> {
  const since = now - unreachableAfterMsOf(deps.runtime.agentJobs.settings);
  return (await listAgentsOfLocations(db, [locationId])).some((agent) => agent.lastSeenAt >= since);
}

/**
 * Why a job no agent took is not run. SKIPPED (its lanes were too busy) only when an agent of the
 * location was heard from while the job waited (from `waitingSince`) and still is: a busy agent
 * keeps its heartbeat. With agents known but silent, they were unreachable (AGENT_UNREACHABLE) —
 * more capacity would not help, and it is not saturation. With none known, NO_AGENT.
 */
export async function notTakenReason(deps: ServiceDeps, db: Db, locationId: string, now: number, waitingSince: number = now): Promise<NoResultReason> {
  const agents = await listAgentsOfLocations(db, [locationId]);
  if (agents.length === 0) return 'NO_AGENT';
  const live = now - unreachableAfterMsOf(deps.runtime.agentJobs.settings);
  return agents.some((agent) => agent.lastSeenAt >= live && agent.lastSeenAt >= Math.min(waitingSince, now)) ? 'SKIPPED' : 'AGENT_UNREACHABLE';
}
