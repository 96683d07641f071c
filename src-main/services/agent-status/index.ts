import { checkNamesOf } from '../../db/repositories/checks';
import { agentHealthOf, type AgentHealth } from '../../../src-shared/rules/lanes';
import type { ServiceDeps } from '../context';

/**
 * The backend's view: skips counted from every agent's outcomes, lanes of the embedded agent. Asked
 * for by an account (a service context), it also names that account's checks that overran their period.
 * `own`: what the embedded agent's probe (/health) answers — its own lanes' skips only, so a remote
 * agent's trouble never reads as this one's saturation.
 */
export async function backendAgentHealth(deps: ServiceDeps & { accountId?: string }, { own = false }: { own?: boolean } = {}): Promise<AgentHealth> {
  const agent = deps.runtime.agent;
  const now = deps.clock.now().getTime();
  const overrunning = deps.runtime.overruns.lastHour(now, deps.accountId);
  const names = deps.accountId === undefined ? new Map<string, string>() : await checkNamesOf(deps.db, deps.accountId, overrunning.map((c) => c.checkId));
  const lanes = agent ? agent.lanes() : [];
  const ownSkips = Object.fromEntries(lanes.filter((lane) => lane.skippedLastHour > 0).map((lane) => [lane.lane, lane.skippedLastHour]));
  return agentHealthOf({
    skippedByLane: own ? ownSkips : deps.runtime.skips.lastHour(now),
    lanes,
    icmpMode: agent ? agent.icmpMode() : null,
    multiStepIsolation: agent ? agent.multiStepIsolation() : null,
    overrunSkippedLastHour: overrunning.reduce((n, c) => n + c.skippedLastHour, 0),
    // A deleted check drops out of the list (its count still adds up above).
    overrunningChecks: deps.accountId === undefined ? [] : overrunning.flatMap((c) => {
      const name = names.get(c.checkId);
      return name === undefined ? [] : [{ checkId: c.checkId, name, skippedLastHour: c.skippedLastHour }];
    }),
    connectivity: agent ? agent.connectivity() : null,
    notRunNoAgent: deps.runtime.noAgent.lastHour(now),
    clockEvents: agent ? agent.clockEvents() : [],
  });
}
