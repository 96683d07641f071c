import type { AgentConnectivityReport } from '../../../src-shared/schemas/agent-protocol';
import { countUnreachableRun, listAgentsSeenBetween } from '../../db/repositories/private-locations';
import { transaction } from '../../db/connection';
import { clearAgentUnreachable, lockAgentNetwork, markAgentUnreachable, saveAgentNetwork } from '../../db/repositories/agent-jobs';
import type { StoredAgentNetwork } from '../../db/stored-agent-network';
import type { JobOutcome } from '../../runner/jobs';
import type { ServiceDeps } from '../context';
import { unreachableAfterMsOf } from '../job-signals';
import { sendAgentNotice, type AgentNoticeChange } from './notices';

export type RemoteConnectivityReport = AgentConnectivityReport;

export interface RemoteAgentRef {
  agentId: string;
  accountId: string;
  locationName: string;
  slugName: string;
}

/** Agents silent this long are forgotten (sweep.ts): the server no longer looks at them. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

const agentNameOf = (agent: { agentId: string; locationName: string }) => `${agent.locationName} (remote agent ${agent.agentId})`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function notify(deps: ServiceDeps, agent: RemoteAgentRef, change: AgentNoticeChange, since: string | null, reason: string | null, runsNotRun: number): Promise<void> {
  try {
    await sendAgentNotice(deps, { agentName: agentNameOf(agent), change, since, reason, runsNotRun, accountIds: [agent.accountId] });
  } catch (error) {
    // A notice that cannot be queued must not cost the agent its heartbeat (and its leases), nor stop the sweep.
    deps.logger.error({ err: error, agentId: agent.agentId }, 'queuing an agent notice failed');
  }
}

/**
 * Counts the runs recorded AGENT_UNREACHABLE, per location, for the notice of the agent's return:
 * stored, so the count spans restarts and whichever server tells the return.
 */
export async function noteUnreachableRuns(deps: ServiceDeps, outcomes: readonly JobOutcome[]): Promise<void> {
  for (const outcome of outcomes) {
    if (outcome.reason !== 'AGENT_UNREACHABLE') continue;
    await countUnreachableRun(deps.db, outcome.job.accountId, outcome.job.execution.runLocation);
  }
}

/**
 * The broker's sweep: an agent the server has not heard from for `unreachableAfterMs` is
 * unreachable. Its location's operators get one notice at once (not when it comes back); its
 * location's runs are recorded AGENT_UNREACHABLE meanwhile (connected.ts). The stored mark decides:
 * of several servers sweeping, the one whose mark lands tells.
 */
export async function noteSilentAgents(deps: ServiceDeps, now: number): Promise<void> {
  const threshold = unreachableAfterMsOf(deps.runtime.agentJobs.settings);
  for (const { agent, location } of await listAgentsSeenBetween(deps.db, now - FORGET_AFTER_MS, now - threshold)) {
    // Announced already (by this server, another one, or before a restart): nothing more to say.
    if (agent.unreachableSince !== null) continue;
    // Not marked when it was heard from since it was listed, or another server marked it first.
    if (!await markAgentUnreachable(deps.db, agent.id, agent.lastSeenAt, now - threshold)) continue;
    const ref = { agentId: agent.id, accountId: location.accountId, locationName: location.name, slugName: location.slugName };
    deps.logger.warn({ agentId: agent.id, location: location.slugName, lastSeenAt: iso(agent.lastSeenAt) }, 'a remote agent is unreachable: the server has not heard from it');
    await notify(deps, ref, 'UNREACHABLE', iso(agent.lastSeenAt), `no lease request or heartbeat for ${Math.round((now - agent.lastSeenAt) / 1000)} s (the limit is ${Math.round(threshold / 1000)} s)`, 0);
  }
}

/**
 * A remote agent's heartbeat reached the server. An agent that was unreachable is back: one notice
 * saying so, with the runs its location lost and, when it lost its own network meanwhile (its
 * outage counter moved), that outage's time and reason — not a late pair of offline and online
 * notices. Otherwise its own network state: one notice when it goes offline and one when it is
 * back; an outage it could not report while it lasted is told afterwards, each with its time.
 * `storedUnreachableSince` is the agent's stored mark as its heartbeat found it.
 *
 * What was told is stored with the agent (`agents.network`), read and written with the agent's row
 * locked: heartbeats reaching several servers of a team (behind one balancer) are decided in turn,
 * so each change is told once, and a restart forgets nothing. An agent with no stored state (its
 * first report) tells nothing old.
 */
export async function noteAgentHeard(deps: ServiceDeps, agent: RemoteAgentRef, report: RemoteConnectivityReport | undefined, storedUnreachableSince: number | null): Promise<void> {
  const now = deps.clock.now().getTime();
  try {
    await transaction(deps.db, async (tx) => {
      const told = await lockAgentNetwork(tx, agent.agentId);
      const next = await decideHeard({ ...deps, db: tx }, agent, report, told, storedUnreachableSince, now);
      if (next.online !== told?.online || next.outages !== told?.outages || next.offlineAtReturnSince !== told?.offlineAtReturnSince) {
        await saveAgentNetwork(tx, agent.agentId, next);
      }
    });
  } catch (error) {
    // Deciding the notices must not cost the agent its heartbeat's answer; the next heartbeat decides again.
    deps.logger.error({ err: error, agentId: agent.agentId }, 'deciding what a remote agent said of its network failed');
  }
}

/** What changed since `told`, told to the operators; answers the state to store. */
async function decideHeard(deps: ServiceDeps, agent: RemoteAgentRef, report: RemoteConnectivityReport | undefined, told: StoredAgentNetwork | null, storedUnreachableSince: number | null, now: number): Promise<StoredAgentNetwork> {
  const next: StoredAgentNetwork = { online: report?.online ?? told?.online ?? true, outages: report?.outages ?? told?.outages ?? 0, offlineAtReturnSince: told?.offlineAtReturnSince ?? null };
  const wasOnline = told?.online ?? true;
  // Back from unreachable but still offline by its own canaries: that is usually its first rounds catching up; told only if it lasts.
  if (told?.offlineAtReturnSince != null && report) {
    if (report.online) next.offlineAtReturnSince = null;
    else if (now - told.offlineAtReturnSince > unreachableAfterMsOf(deps.runtime.agentJobs.settings)) {
      next.offlineAtReturnSince = null;
      await notify(deps, agent, 'OFFLINE', report.since, report.reason, 0);
      return next;
    } else {
      next.online = true;
      return next;
    }
    next.online = true;
    if (report.outages === told.outages) return next;
  }
  const missedOutage = report !== undefined && told !== null && wasOnline && report.outages > told.outages;
  if (storedUnreachableSince !== null) {
    const outage = missedOutage && report ? `it says it lost its own network from ${report.lastOutageSince ?? 'an unknown time'} (${report.lastOutageReason ?? 'its canaries stopped answering'}) until ${report.online ? report.since : 'now'}` : null;
    // The server whose clearing lands tells; the stored count spans restarts and servers.
    const cleared = await clearAgentUnreachable(deps.db, agent.agentId);
    if (cleared) {
      await notify(deps, agent, 'REACHABLE', iso(now), outage, cleared.unreachableRuns);
      deps.logger.warn({ agentId: agent.agentId }, 'a remote agent that was unreachable is heard from again');
    }
    if (report && !report.online) {
      next.online = true;
      next.offlineAtReturnSince = now;
    }
    return next;
  }
  if (!report) return next;
  if (!report.online) {
    if (wasOnline) await notify(deps, agent, 'OFFLINE', report.since, report.reason, 0);
    return next;
  }
  if (missedOutage) await notify(deps, agent, 'OFFLINE', report.lastOutageSince, report.lastOutageReason ?? null, 0);
  if (!wasOnline || missedOutage) await notify(deps, agent, 'ONLINE', report.since, report.lastOutageReason ?? null, report.lastOutageRuns ?? 0);
  return next;
}
