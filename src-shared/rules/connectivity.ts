/** How an agent's own connectivity reads in /health, the Agent section and the dashboard. Pure. */

export interface AgentConnectivityView {
  /** `unchecked`: the agent probes nothing (--no-canary and no platform state). */
  status: 'online' | 'offline' | 'unchecked';
  /** ISO 8601: when the status last changed; null while unchecked. */
  since: string | null;
  /** Why the agent counts itself offline; null while online. */
  reason: string | null;
  /** The canaries probed (hosts or addresses). */
  canaries: string[];
  /** Runs skipped because the agent was offline, in the last hour and since it started. */
  offlineRunsLastHour: number;
  offlineRunsTotal: number;
}

/** The message an operator reads about it, with what to do. */
export function connectivityMessage(view: AgentConnectivityView, agentName: string): string {
  if (view.status === 'offline') {
    return `Agent ${agentName} is offline since ${view.since ?? 'an unknown time'} (${view.reason ?? 'its canaries do not answer'}): its runs are skipped as the agent's fault and nothing alerts until it is back. Check this machine's network.`;
  }
  if (view.status === 'unchecked') return `Agent ${agentName} does not check its own connectivity (no canaries): a lost uplink would alert as failures of every target.`;
  return `Agent ${agentName} is online (canaries: ${view.canaries.join(', ') || 'none'}).`;
}
