import { agentHealthOf, type AgentHealth } from '../../../src-shared/rules/lanes';
import type { ServiceDeps } from '../context';

/** The backend's view: skips counted from every agent's outcomes, lanes of the embedded agent. */
export function backendAgentHealth(deps: ServiceDeps): AgentHealth {
  const agent = deps.runtime.agent;
  return agentHealthOf({
    skippedByLane: deps.runtime.skips.lastHour(deps.clock.now().getTime()),
    lanes: agent ? agent.lanes() : [],
    icmpMode: agent ? agent.icmpMode() : null,
    multiStepIsolation: agent ? agent.multiStepIsolation() : null,
    connectivity: agent ? agent.connectivity() : null,
  });
}
