/** How an agent's own connectivity reads in /health, the Agent section and the dashboard. Pure. */

export interface AgentConnectivityView {
  /**
   * `unchecked`: the agent probes nothing (--no-canary). `no-usable-canary`: it has canaries but
   * none has ever answered, so the offline guard is off (only the platform's network state counts)
   * — never `offline` for that.
   */
  status: 'online' | 'offline' | 'unchecked' | 'no-usable-canary';
  /** ISO 8601: when the status last changed; null while unchecked. */
  since: string | null;
  /** Why the agent counts itself offline; null while online. */
  reason: string | null;
  /** The canaries probed (hosts or addresses). */
  canaries: string[];
  /** Canaries not used because they never answered, each with what to do. */
  notUsed: NotUsedCanary[];
  /** Runs skipped because the agent was offline, in the last hour and since it started. */
  offlineRunsLastHour: number;
  offlineRunsTotal: number;
  /** Runs skipped in the current outage (or the last one, once back online): what the notices count. */
  outageRuns: number;
}

export interface NotUsedCanary {
  host: string;
  /** Always `never answered` for now: a canary that answered once stays used. */
  why: 'never answered';
}

/** What an operator does about a canary that never answered. */
export const NOT_USED_CANARY_FIX = 'name a canary that answers ping (--canary HOST, or Settings → Agent connectivity), or turn the check off (--no-canary)';

/** One line per canary not used, e.g. `10.0.0.1 — not used: never answered`. */
export function notUsedLines(view: Pick<AgentConnectivityView, 'notUsed'>): string[] {
  return view.notUsed.map((canary) => `${canary.host} — not used: ${canary.why}`);
}

/** `Agent X` for a named agent, `This agent` for the one asked about. */
function subjectOf(agentName: string | null): string {
  return agentName === null ? 'This agent' : `Agent ${agentName}`;
}

/**
 * The message an operator reads about it, with what to do (agentName null: the agent the reader is
 * looking at). `formatTime` writes the moment (the console passes its one date formatter; ISO otherwise).
 */
export function connectivityMessage(view: AgentConnectivityView, agentName: string | null, formatTime: (iso: string) => string = (iso) => iso): string {
  const subject = subjectOf(agentName);
  const unused = view.notUsed.length > 0 ? ` Not used (never answered): ${view.notUsed.map((c) => c.host).join(', ')}.` : '';
  if (view.status === 'offline') {
    return `${subject} is offline since ${view.since ? formatTime(view.since) : 'an unknown time'} (${view.reason ?? 'its canaries do not answer'}): its runs are skipped as the agent's fault and nothing alerts until it is back. Check this machine's network.`;
  }
  if (view.status === 'unchecked') return `${subject} does not check its own connectivity (no canaries): a lost uplink would alert as failures of every target.`;
  if (view.status === 'no-usable-canary') {
    return `${subject} has no usable canary: ${view.canaries.join(', ') || 'none'} never answered, so the offline guard is off (only the platform's own network state counts) and a lost uplink would alert as failures of every target. To fix: ${NOT_USED_CANARY_FIX}.`;
  }
  const used = view.canaries.filter((host) => !view.notUsed.some((c) => c.host === host));
  return `${subject} is online (canaries: ${used.join(', ') || 'none'}).${unused}`;
}
