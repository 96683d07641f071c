import type { AgentConnectivityReport } from '../../../src-shared/schemas/agent-protocol';
import { countUnreachableRun, listAgentsSeenBetween } from '../../db/repositories/private-locations';
import { clearAgentUnreachable, markAgentUnreachable } from '../../db/repositories/agent-jobs';
import type { JobOutcome } from '../../runner/jobs';
import type { ServiceDeps } from '../context';
import type { KnownRemoteAgent } from '../runtime';
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
 * location's runs are recorded AGENT_UNREACHABLE meanwhile (connected.ts). The stored mark, not
 * this server's memory, decides: of several servers sweeping, the one whose mark lands tells, and
 * one that told before another server heard the agent back tells again at its next silence.
 */
export async function noteSilentAgents(deps: ServiceDeps, now: number): Promise<void> {
  const threshold = unreachableAfterMsOf(deps.runtime.agentJobs.settings);
  const known = deps.runtime.remoteConnectivity.agents;
  for (const { agent, location } of await listAgentsSeenBetween(deps.db, now - FORGET_AFTER_MS, now - threshold)) {
    const state = known.get(agent.id) ?? { online: true, outages: 0, unreachableSince: null };
    if (agent.unreachableSince !== null) {
      // Announced already (by this server, another one, or before a restart): nothing more to say.
      state.unreachableSince = agent.unreachableSince;
      known.set(agent.id, state);
      continue;
    }
    // Not marked when it was heard from since it was listed, or another server marked it first.
    if (!await markAgentUnreachable(deps.db, agent.id, agent.lastSeenAt, now - threshold)) continue;
    state.unreachableSince = agent.lastSeenAt;
    known.set(agent.id, state);
    const ref = { agentId: agent.id, accountId: location.accountId, locationName: location.name, slugName: location.slugName };
    deps.logger.warn({ agentId: agent.id, location: location.slugName, lastSeenAt: iso(agent.lastSeenAt) }, 'a remote agent is unreachable: the server has not heard from it');
    await notify(deps, ref, 'UNREACHABLE', iso(agent.lastSeenAt), `no lease request or heartbeat for ${Math.round((now - agent.lastSeenAt) / 1000)} s (the limit is ${Math.round(threshold / 1000)} s)`, 0);
  }
}

/**
 * What this server knows of the agent, with the stored unreachable mark in place of its memory's
 * (another server may have marked it, or told its return already). An agent this process has not
 * heard of yet (after a restart) that is marked is still unreachable until its return is told, once.
 */
function knownWithStoredMark(deps: ServiceDeps, agentId: string, report: RemoteConnectivityReport | undefined, storedUnreachableSince: number | null): KnownRemoteAgent | undefined {
  const memory = deps.runtime.remoteConnectivity.agents.get(agentId);
  if (memory) return { ...memory, unreachableSince: storedUnreachableSince };
  if (storedUnreachableSince === null) return undefined;
  // Its outage counter before the restart is unknown: nothing it says now counts as missed.
  return { online: true, outages: report?.outages ?? 0, unreachableSince: storedUnreachableSince };
}

/**
 * A remote agent's heartbeat reached the server. An agent that was unreachable is back: one notice
 * saying so, with the runs its location lost and, when it lost its own network meanwhile (its
 * outage counter moved), that outage's time and reason — not a late pair of offline and online
 * notices. Otherwise its own network state: one notice when it goes offline and one when it is
 * back; an outage it could not report while it lasted is told afterwards, each with its time.
 * `storedUnreachableSince` is the agent's stored mark as its heartbeat found it.
 */
export async function noteAgentHeard(deps: ServiceDeps, agent: RemoteAgentRef, report: RemoteConnectivityReport | undefined, storedUnreachableSince: number | null): Promise<void> {
  const now = deps.clock.now().getTime();
  const known = knownWithStoredMark(deps, agent.agentId, report, storedUnreachableSince);
  const next = { online: report?.online ?? known?.online ?? true, outages: report?.outages ?? known?.outages ?? 0, unreachableSince: null, offlineAtReturnSince: known?.offlineAtReturnSince ?? null };
  deps.runtime.remoteConnectivity.agents.set(agent.agentId, next);
  const wasOnline = known?.online ?? true;
  // Back from unreachable but still offline by its own canaries: that is usually its first rounds catching up; told only if it lasts.
  if (known?.offlineAtReturnSince != null && report) {
    if (report.online) next.offlineAtReturnSince = null;
    else if (now - known.offlineAtReturnSince > unreachableAfterMsOf(deps.runtime.agentJobs.settings)) {
      next.offlineAtReturnSince = null;
      await notify(deps, agent, 'OFFLINE', report.since, report.reason, 0);
      return;
    } else {
      next.online = true;
      return;
    }
    next.online = true;
    if (report.outages === known.outages) return;
  }
  // An agent first heard of (e.g. after a restart of the server) tells nothing old.
  const missedOutage = report !== undefined && known !== undefined && wasOnline && report.outages > known.outages;
  if (known?.unreachableSince != null) {
    const outage = missedOutage && report ? `it says it lost its own network from ${report.lastOutageSince ?? 'an unknown time'} (${report.lastOutageReason ?? 'its canaries stopped answering'}) until ${report.online ? report.since : 'now'}` : null;
    // The server whose clearing lands tells (heartbeats may reach two servers at once); the stored
    // count spans restarts and servers.
    const cleared = await clearAgentUnreachable(deps.db, agent.agentId);
    if (cleared) {
      await notify(deps, agent, 'REACHABLE', iso(now), outage, cleared.unreachableRuns);
      deps.logger.warn({ agentId: agent.agentId }, 'a remote agent that was unreachable is heard from again');
    }
    if (report && !report.online) {
      next.online = true;
      next.offlineAtReturnSince = now;
    }
    return;
  }
  if (!report) return;
  if (!report.online) {
    if (wasOnline) await notify(deps, agent, 'OFFLINE', report.since, report.reason, 0);
    return;
  }
  if (missedOutage) await notify(deps, agent, 'OFFLINE', report.lastOutageSince, report.lastOutageReason ?? null, 0);
  if (!wasOnline || missedOutage) await notify(deps, agent, 'ONLINE', report.since, report.lastOutageReason ?? null, report.lastOutageRuns ?? 0);
}
