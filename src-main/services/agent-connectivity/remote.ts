import type { AgentConnectivityReport } from '../../../src-shared/schemas/agent-protocol';
import type { AgentConnectivityView } from '../../../src-shared/rules/connectivity';
import type { ServiceDeps } from '../context';
import { sendAgentNotice } from './notices';

export type RemoteConnectivityReport = AgentConnectivityReport;

export interface RemoteAgentRef {
  agentId: string;
  accountId: string;
  locationName: string;
}

function viewOf(report: RemoteConnectivityReport, online: boolean, since: string | null): AgentConnectivityView {
  return { status: online ? 'online' : 'offline', since, reason: online ? null : report.reason, canaries: report.canaries, offlineRunsLastHour: 0, offlineRunsTotal: report.offlineRuns };
}

/**
 * A remote agent's heartbeat said how its own network is. The operators of its location's account
 * get one notice when it goes offline and one when it is back. An agent that could not reach the
 * server during an outage tells it afterwards (its outage counter moved): both notices go out
 * then, each with the time it happened.
 */
export function noteRemoteConnectivity(deps: ServiceDeps, agent: RemoteAgentRef, report: RemoteConnectivityReport | undefined): void {
  if (!report) return;
  const known = deps.runtime.remoteConnectivity.agents.get(agent.agentId);
  deps.runtime.remoteConnectivity.agents.set(agent.agentId, { online: report.online, outages: report.outages });
  const agentName = `${agent.locationName} (remote agent ${agent.agentId})`;
  const notice = (change: 'OFFLINE' | 'ONLINE', since: string | null) => {
    try {
      sendAgentNotice(deps, { agentName, change, view: viewOf(report, change === 'ONLINE', since), accountIds: [agent.accountId] });
    } catch (error) {
      // A notice that cannot be queued must not cost the agent its heartbeat (and its leases).
      deps.logger.error({ err: error, agentId: agent.agentId }, 'queuing an agent notice failed');
    }
  };
  const wasOnline = known?.online ?? true;
  if (!report.online) {
    if (wasOnline) notice('OFFLINE', report.since);
    return;
  }
  // Online now, but it went offline since the server last heard from it (an agent first heard of, e.g. after a restart of the server, tells nothing old).
  const missedOutage = known !== undefined && wasOnline && report.outages > known.outages;
  if (missedOutage) notice('OFFLINE', report.lastOutageSince);
  if (!wasOnline || missedOutage) notice('ONLINE', report.since);
}
