/** Execution lanes: one per check type, each with its own capacity, and what operators see of them. Pure. */

import { AGENT_RUN_TYPE_NAMES, laneFlagOf, type AgentRunType } from '../check-types';
import { connectivityMessage, type AgentConnectivityView } from './connectivity';
import { clockEventSentence, type ClockEventView } from './clock-events';

/** Each check type that runs here has its own lane with its own capacity, so one kind of work never starves another. */
export const LANES: readonly AgentRunType[] = AGENT_RUN_TYPE_NAMES;
export type LaneName = AgentRunType;

/** The lanes' capacity flags in a sentence: "--lane-icmp, --lane-traceroute, --lane-multistep". */
export const LANE_FLAGS_TEXT = AGENT_RUN_TYPE_NAMES.map(laneFlagOf).join(', ');

/** One value per lane, so a new check type's lane is never forgotten. */
export function perLane<T>(make: (lane: LaneName) => T): Record<LaneName, T> {
  return Object.fromEntries(LANES.map((lane) => [lane, make(lane)])) as Record<LaneName, T>;
}

/** One lane of an agent as operators see it. */
export interface LaneStats {
  lane: LaneName;
  /** Runs at once. */
  capacity: number;
  running: number;
  queued: number;
  /** Runs started in the last 60 seconds. */
  runsPerMinute: number;
  /** How long the oldest queued run has waited past its planned time (0 when none waits). */
  oldestWaitMs: number;
  startedTotal: number;
  /** Runs started more than a second after they were due. */
  lateTotal: number;
  skippedTotal: number;
  skippedLastHour: number;
}

/** How multi-step scripts are kept from the agent's machine. */
export interface MultiStepIsolationView {
  /** `bubblewrap`: a sandbox per run; `none`: scripts run as the agent's user with process limits only. */
  mode: 'bubblewrap' | 'none';
  /** Why scripts are not isolated and how to fix it; null when they are. */
  reason: string | null;
  /** Memory limit of each process of a run, in MB. */
  memoryLimitMb: number;
}

export interface AgentHealth {
  /** `saturated` once any run was skipped in the last hour; `offline` while the agent's own network is down. */
  status: 'ok' | 'saturated' | 'offline';
  /** One sentence for the operator, with the fix when saturated. */
  message: string;
  /** Runs skipped in the last hour, by every agent (remote ones included), per lane. */
  skippedLastHour: number;
  skippedByLane: Partial<Record<LaneName, number>>;
  /** How the embedded agent runs ICMP: batched through fping, or one `ping` per run. */
  icmpMode: 'fping' | 'ping' | null;
  /** How the agent isolates multi-step scripts (null when it runs none itself). */
  multiStepIsolation: MultiStepIsolationView | null;
  /** The embedded agent's lanes (empty when this process runs no agent). */
  lanes: LaneStats[];
  /** Scheduled runs skipped in the last hour because the check's previous run was still going (not saturation: the check outlasts its period). */
  overrunSkippedLastHour: number;
  /** Those checks, most skipped first: listed for the account asking (empty on the agent's /health, which has no account). */
  overrunningChecks: OverrunningCheckView[];
  /** The agent's own connectivity (null when this process runs no agent). */
  connectivity: AgentConnectivityView | null;
  /** Runs not run in the last hour because no agent of their private location was connected (or it was unreachable), per location slug. */
  notRunNoAgent: Record<string, number>;
  /** Suspensions and wall-clock steps this process saw in the last hour, oldest first. */
  clockEvents: ClockEventView[];
}

export interface OverrunningCheckView {
  checkId: string;
  name: string;
  skippedLastHour: number;
}

/** The sentence about checks whose runs outlast their period; empty when none did. */
function overrunNote(skipped: number): string {
  if (skipped === 0) return '';
  return ` ${skipped} scheduled run${skipped === 1 ? ' was' : 's were'} skipped because the check's previous run was still going: those checks take longer than their frequency (with retries). Give them a lower time limit or fewer retries, or run them less often.`;
}

interface HealthCounts {
  skippedByLane: Partial<Record<LaneName, number>>;
  lanes: LaneStats[];
  icmpMode: 'fping' | 'ping' | null;
  multiStepIsolation?: MultiStepIsolationView | null;
  overrunSkippedLastHour?: number;
  overrunningChecks?: OverrunningCheckView[];
  connectivity?: AgentConnectivityView | null;
  notRunNoAgent?: Record<string, number>;
  clockEvents?: ClockEventView[];
}

/** The sentence naming private locations whose runs nobody could take; empty when none. */
function noAgentNote(notRun: Record<string, number>): string {
  const entries = Object.entries(notRun);
  if (entries.length === 0) return '';
  const list = entries.map(([location, n]) => `${location} (${n})`).join(', ');
  return ` Not run in the last hour — no agent connected to ${list} (none, or unreachable): not failures of their checks and not saturation. Start an agent for ${entries.length === 1 ? 'that private location' : 'those private locations'}, or check its link to this server.`;
}

/** What an operator must know about the agents: are runs keeping time, and if not, what to do. */
export function agentHealthOf(counts: HealthCounts): AgentHealth {
  const lanes = lanesHealthOf(counts);
  const clockEvents = counts.clockEvents ?? [];
  const clockNote = clockEvents.map((event) => ` ${clockEventSentence(event)}`).join('');
  const health = { ...lanes, message: `${lanes.message}${clockNote}`, clockEvents };
  const connectivity = counts.connectivity ?? null;
  if (connectivity?.status === 'no-usable-canary') return { ...health, message: `${connectivityMessage(connectivity, null)} ${health.message}`, connectivity };
  if (connectivity?.status !== 'offline') return { ...health, connectivity };
  return { ...health, status: 'offline', message: `${connectivityMessage(connectivity, null)} ${health.message}`, connectivity };
}

function lanesHealthOf(counts: HealthCounts): Omit<AgentHealth, 'connectivity' | 'clockEvents'> {
  const overrun = { overrunSkippedLastHour: counts.overrunSkippedLastHour ?? 0, overrunningChecks: counts.overrunningChecks ?? [] };
  const entries = Object.entries(counts.skippedByLane) as [LaneName, number][];
  const skipped = entries.reduce((n, [, count]) => n + count, 0);
  const isolation = counts.multiStepIsolation ?? null;
  const unisolated = isolation?.mode === 'none' ? ` Multi-step scripts are NOT isolated: they run as the agent's user and can read what it can read (${isolation.reason ?? 'no sandbox'}).` : '';
  const notes = `${noAgentNote(counts.notRunNoAgent ?? {})}${counts.icmpMode === 'ping' ? ' ICMP runs one `ping` per run because fping is not installed (apt-get install fping batches them).' : ''}${unisolated}${overrunNote(overrun.overrunSkippedLastHour)}`;
  if (skipped === 0) {
    return {
      status: 'ok',
      message: `Every run started in time in the last hour.${notes}`,
      skippedLastHour: 0,
      skippedByLane: {},
      icmpMode: counts.icmpMode,
      multiStepIsolation: isolation,
      lanes: counts.lanes,
      ...overrun,
      notRunNoAgent: counts.notRunNoAgent ?? {},
    };
  }
  const byLane = entries.map(([lane, count]) => `${lane} ${count}`).join(', ');
  const flags = entries.map(([lane]) => laneFlagOf(lane)).join(' / ');
  return {
    status: 'saturated',
    message: `Agent saturated: ${skipped} run${skipped === 1 ? '' : 's'} skipped in the last hour (${byLane}); skipped runs are not failures of their targets. Raise that lane's capacity (${flags}), add an agent, or lower check frequencies.${notes}`,
    skippedLastHour: skipped,
    skippedByLane: counts.skippedByLane,
    icmpMode: counts.icmpMode,
    multiStepIsolation: isolation,
    lanes: counts.lanes,
    ...overrun,
    notRunNoAgent: counts.notRunNoAgent ?? {},
  };
}

