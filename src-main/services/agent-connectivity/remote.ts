import type { AgentConnectivityReport } from '../../../src-shared/schemas/agent-protocol';
import { countUnreachableRun, findAgentById, listAgentsSeenBetween, setAgentUnreachable } from '../../db/repositories/private-locations';
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
const locationKey = (accountId: string, slug: string) => `${accountId}/${slug.toLowerCase()}`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function notify(deps: ServiceDeps, agent: RemoteAgentRef, change: AgentNoticeChange, since: string | null, reason: string | null, runsNotRun: number): Promise<void> {
  try {
    await sendAgentNotice(deps, { agentName: agentNameOf(agent), change, since, reason, runsNotRun, accountIds: [agent.accountId] });
  } catch (error) {
    // A notice that cannot be queued must not cost the agent its heartbeat (and its leases), nor stop the sweep.
    deps.logger.error({ err: error, agentId: agent.agentId }, 'queuing an agent notice failed');
  }
}

/** Runs recorded not run because the agents of this location were unreachable, since `since`. */
function unreachableRunsSince(deps: ServiceDeps, agent: RemoteAgentRef, since: number): number {
  return (deps.runtime.remoteConnectivity.unreachableRuns.get(locationKey(agent.accountId, agent.slugName)) ?? []).filter((at) => at >= since).length;
}

/** Counts the runs recorded AGENT_UNREACHABLE, per location, for the notice of the agent's return. */
export async function noteUnreachableRuns(deps: ServiceDeps, outcomes: readonly JobOutcome[], now: number): Promise<void> {
  const runs = deps.runtime.remoteConnectivity.unreachableRuns;
  for (const outcome of outcomes) {
    if (outcome.reason !== 'AGENT_UNREACHABLE') continue;
    const key = locationKey(outcome.job.accountId, outcome.job.execution.runLocation);
    const times = (runs.get(key) ?? []).filter((at) => at >= now - FORGET_AFTER_MS);
    times.push(now);
    runs.set(key, times);
    // Stored too: the notice of the agent's return counts them even across a restart of the server.
    await countUnreachableRun(deps.db, outcome.job.accountId, outcome.job.execution.runLocation);
  }
}

/**
 * The broker's sweep: an agent the server has not heard from for `unreachableAfterMs` is
 * unreachable. Its location's operators get one notice at once (not when it comes back); its
 * location's runs are recorded AGENT_UNREACHABLE meanwhile (connected.ts).
 */
export async function noteSilentAgents(deps: ServiceDeps, now: number): Promise<void> {
  const threshold = unreachableAfterMsOf(deps.runtime.agentJobs.settings);
  const known = deps.runtime.remoteConnectivity.agents;
  for (const { agent, location } of await listAgentsSeenBetween(deps.db, now - FORGET_AFTER_MS, now - threshold)) {
    const state = known.get(agent.id) ?? { online: true, outages: 0, unreachableSince: null };
    if (state.unreachableSince !== null) continue;
    if (agent.unreachableSince !== null) {
      // Announced before a restart of this server: still unreachable, nothing more to say.
      state.unreachableSince = agent.unreachableSince;
      known.set(agent.id, state);
      continue;
    }
    state.unreachableSince = agent.lastSeenAt;
    known.set(agent.id, state);
    await setAgentUnreachable(deps.db, agent.id, agent.lastSeenAt);
    const ref = { agentId: agent.id, accountId: location.accountId, locationName: location.name, slugName: location.slugName };
    deps.logger.warn({ agentId: agent.id, location: location.slugName, lastSeenAt: iso(agent.lastSeenAt) }, 'a remote agent is unreachable: the server has not heard from it');
    await notify(deps, ref, 'UNREACHABLE', iso(agent.lastSeenAt), `no lease request or heartbeat for ${Math.round((now - agent.lastSeenAt) / 1000)} s (the limit is ${Math.round(threshold / 1000)} s)`, 0);
  }
}

/**
 * What the store says of an agent this process has not heard of yet (after a restart): one
 * announced unreachable before is still so until its return is told, once.
 */
async function storedUnreachable(deps: ServiceDeps, agentId: string, report: RemoteConnectivityReport | undefined): Promise<KnownRemoteAgent | undefined> {
  const row = await findAgentById(deps.db, agentId);
  if (row?.unreachableSince == null) return undefined;
  // Its outage counter before the restart is unknown: nothing it says now counts as missed.
  return { online: true, outages: report?.outages ?? 0, unreachableSince: row.unreachableSince };
}

/**
 * A remote agent's heartbeat reached the server. An agent that was unreachable is back: one notice
 * saying so, with the runs its location lost and, when it lost its own network meanwhile (its
 * outage counter moved), that outage's time and reason — not a late pair of offline and online
 * notices. Otherwise its own network state: one notice when it goes offline and one when it is
 * back; an outage it could not report while it lasted is told afterwards, each with its time.
 */
export async function noteAgentHeard(deps: ServiceDeps, agent: RemoteAgentRef, report: RemoteConnectivityReport | undefined): Promise<void> {
  const now = deps.clock.now().getTime();
  const known = deps.runtime.remoteConnectivity.agents.get(agent.agentId) ?? await storedUnreachable(deps, agent.agentId, report);
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
    // The stored count spans a restart of the server; the one in memory is for an agent marked before this change was deployed.
    const runs = (await findAgentById(deps.db, agent.agentId))?.unreachableRuns ?? unreachableRunsSince(deps, agent, known.unreachableSince);
    await setAgentUnreachable(deps.db, agent.agentId, null);
    await notify(deps, agent, 'REACHABLE', iso(now), outage, runs);
    deps.logger.warn({ agentId: agent.agentId }, 'a remote agent that was unreachable is heard from again');
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
