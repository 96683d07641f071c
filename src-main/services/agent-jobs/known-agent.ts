import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findAgent, touchAgent } from '../../db/repositories/private-locations';
import type { AgentPrincipal } from './authenticate';

/** 404 for an agent id the location does not know (forgotten after a long silence): register again. */
export function touchKnownAgent(db: Db, principal: AgentPrincipal, agentId: string, now: number): void {
  if (!findAgent(db, principal.locationId, agentId)) {
    throw new AppError('not_found', `Agent ${agentId} is not registered for private location ${principal.slugName}: register again with POST /v1/agent/register`);
  }
  touchAgent(db, agentId, now);
}
