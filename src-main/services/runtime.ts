import { AppError } from '../core/errors';
import { EventBus } from '../core/events';
import { RecentCounts } from '../../src-shared/rules/recent-counts';
import type { MultiStepIsolationView } from '../../src-shared/rules/lanes';
import { OverrunCounter } from './overrun-counter';
import type { AgentConnectivityView } from '../../src-shared/rules/connectivity';
import type { ClockEventView } from '../../src-shared/rules/clock-events';
import type { ClusterNodeView, ClusterView } from '../../src-shared/rules/cluster';
import type { CanarySetting } from '../../src-shared/schemas/agent-canaries';
import type { JobOutcome, LaneStats, OutcomeHandler, RunJob } from '../runner/jobs';
import type { Execution } from '../../src-shared/schemas/run-job';
import { DEFAULT_HEARTBEAT_INTERVAL_MS, DEFAULT_LEASE_GRACE_MS, JobSignals, type AgentJobSettings } from './job-signals';

/** What a new session needs to be run: its first jobs, and its group for group concurrency. */
export interface SessionDispatch {
  sessionId: number;
  checkId: string;
  groupId: number | null;
  /** How many of the group's checks may run at once when several are triggered together. */
  groupConcurrency: number | null;
  jobs: RunJob[];
  /**
   * Jobs held back: the check's previous sessions (`blockedBy`) were still open in their location.
   * The run coordinator runs one only if those sessions' jobs there were merely waiting (it takes them back); otherwise it is skipped.
   */
  previousRunActive?: { job: RunJob; blockedBy: string[] }[];
}

/** Implemented by the scheduler's run coordinator; services only know this interface. */
export interface RunControl {
  dispatch(sessions: readonly SessionDispatch[]): Promise<void>;
  cancelSession(sessionId: number): void;
  /** Writes outcomes waiting to be recorded now, so what starts next sees the runs that already ended. */
  flush?(): Promise<void>;
}

/**
 * One run that belongs to no check and no session (the console's "Run once without saving"): it
 * waits in the embedded agent's lane like any run of its type, and its outcome comes back to the
 * caller only — nothing is recorded, alerted or rolled up.
 */
export interface AdHocRuns {
  run(execution: Execution, options: { accountId: string; signal?: AbortSignal; startWithinMs: number }): Promise<JobOutcome>;
}

/** What services may ask of the scheduler. */
export interface FirstRunControl {
  /** These checks were created just now: each activated one runs at once (maintenance windows and lanes apply as to any due run), then on its cadence. */
  runNewChecksNow(checkIds: readonly string[]): void;
}

/** What a ping to a heartbeat's URL came to. */
export type PingAnswer = { status: 'ok' } | { status: 'unknown' } | { status: 'limited'; retryAfterSeconds: number } | { status: 'unavailable' };

/** A heartbeat as the running judge sees it now (the console's monitor page). */
export interface HeartbeatLiveView {
  lastPingAt: number | null;
  runStartedAt: number | null;
  deadlineAt: number | null;
  failing: boolean;
  note: string | null;
  activated: boolean;
}

/** The server's heartbeat judge (services/engines/heartbeat-judge.ts), as the ping route reaches it. */
export interface HeartbeatControl {
  ping(token: string, kind: 'PING' | 'START' | 'FAIL', facts: { method: string; sourceAddress: string; userAgent: string | null; body: string | null; bodyBytes: number; bodyTruncated: boolean }): Promise<PingAnswer>;
  view(checkId: string): HeartbeatLiveView | null;
}

/** What services need from the running notification dispatcher: a nudge after they commit new notifications. */
export interface DispatchControl {
  kick(): void;
}

/** The embedded agent's lanes as operators see them (the Agent section, /health). */
export interface AgentStatus {
  lanes(): LaneStats[];
  /** How ICMP runs: batched through fping, or one `ping` per run where fping is missing. */
  icmpMode(): 'fping' | 'ping';
  /** How multi-step scripts are isolated (null when this agent's runs are not its executors', e.g. a stub). */
  multiStepIsolation(): MultiStepIsolationView | null;
  /** The agent's own connectivity (null when it checks none: --no-canary). */
  connectivity(): AgentConnectivityView | null;
  /** Suspensions and wall-clock steps this process saw in the last hour. */
  clockEvents(): ClockEventView[];
}

export interface AgentJobsRuntime {
  settings: AgentJobSettings;
  /** Wakes long-polling lease requests of remote agents. */
  signals: JobSignals;
  /** Where outcomes of remote jobs go (the run coordinator); null until the broker starts. */
  onOutcome: OutcomeHandler | null;
  /**
   * Looks at the clock before the queue's stored wall times are compared with now (a lease, a
   * sweep): a wall-clock step not noticed yet is followed first, not taken for time passed.
   */
  observeClock?: () => void;
}

/**
 * The live parts of one backend that services reach through their context: events, the run
 * coordinator, remote-agent signalling, the notification dispatcher and the agent's lanes. Boot
 * creates it empty and the run system, broker and dispatcher fill in their part as they start.
 */
export interface Runtime {
  events: EventBus;
  /** Where links to the console point: --public-url, else the address the server listens on (set at boot). */
  baseUrl: string;
  runs: RunControl | null;
  /** The scheduler, for a check created just now: its first run starts at once, not at its first slot (set by the run system). */
  firstRuns: FirstRunControl | null;
  /** Runs on this machine that record nothing (set by the run system). */
  adHoc: AdHocRuns | null;
  agentJobs: AgentJobsRuntime;
  dispatch: DispatchControl | null;
  /** The heartbeat judge; null until it starts (and in processes that judge none). */
  heartbeats: HeartbeatControl | null;
  agent: AgentStatus | null;
  /** Runs that could not start in time, per lane, recorded by the run coordinator (all agents). */
  skips: SkipCounter;
  /** Scheduled runs skipped because the check's previous run was still going, per check. */
  overruns: OverrunCounter;
  /** Runs not run because no agent of their private location was connected, per location slug. */
  noAgent: SkipCounter;
  /** The embedded agent's canaries, which Settings change while it runs (null: this process runs no agent). */
  canaries: CanaryControl | null;
  /** Aborted when the backend starts closing: long-polls answer 503 and no run starts any more. */
  shutdown: AbortController;
  /** The cluster this server belongs to (a one-node cluster on SQLite); null until boot sets it. */
  cluster: ClusterMembership | null;
  /**
   * Team mode: this server's cluster node id, stamped on the sessions it starts, so a leader closes
   * as interrupted only the sessions of servers that are gone. Null on a single server.
   */
  sessionNodeId: string | null;
  /**
   * Team mode: the lease this server believes it leads by (node id and term), which the scheduler's
   * writes carry so the database refuses them once another server took the lead (a fencing token:
   * a deposed leader's late transaction starts no slot and moves no schedule). Null on a single
   * server, where nothing else writes.
   */
  leaderFence: (() => LeaderFence) | null;
}

/** The node id and term a scheduler write is fenced by (db/repositories/runs.ts stillLeads). */
export interface LeaderFence {
  nodeId: string;
  /** Null when this server never led: every fenced write is refused. */
  term: number | null;
}

/** What services ask of the cluster lease (db/cluster): who this node is, and the nodes with their roles. */
export interface ClusterMembership {
  view(): ClusterView;
  nodes(): Promise<ClusterNodeView[]>;
}

/** What services may do with the embedded agent's canaries (set at boot). */
export interface CanaryControl {
  /** The server's own account (created at first start): its owner sets the canaries of the agent every account's checks run on. */
  ownerAccountId: string;
  /** Given by --canary/--no-canary/SIGHTLINE_CANARIES: they win over Settings (null when none was given). */
  fromFlags: CanarySetting | null;
  current(): CanarySetting;
  /** How many of these hosts answer one round now. */
  probe(hosts: readonly string[]): Promise<number>;
  apply(setting: CanarySetting): void;
}

/** What a request that would wait or start a run gets once the backend is closing. */
export function shuttingDownError(): AppError {
  return new AppError('unavailable', 'Sightline is shutting down: ask again once it is back.');
}

/** Skipped runs per lane over the last hour. */
export class SkipCounter {
  private readonly lanes = new Map<string, RecentCounts>();

  add(lane: string, at: number): void {
    let counts = this.lanes.get(lane);
    if (!counts) {
      counts = new RecentCounts();
      this.lanes.set(lane, counts);
    }
    counts.add(at);
  }

  /** Skips in the hour before `now`, per lane (lanes without any left out). */
  lastHour(now: number): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [lane, counts] of this.lanes) {
      const n = counts.lastHour(now);
      if (n > 0) out[lane] = n;
    }
    return out;
  }
}

export function createRuntime(baseUrl = ''): Runtime {
  return {
    events: new EventBus(),
    baseUrl,
    runs: null,
    firstRuns: null,
    adHoc: null,
    agentJobs: {
      settings: { leaseGraceMs: DEFAULT_LEASE_GRACE_MS, leaseMs: null, heartbeatIntervalMs: DEFAULT_HEARTBEAT_INTERVAL_MS },
      signals: new JobSignals(),
      onOutcome: null,
    },
    dispatch: null,
    heartbeats: null,
    agent: null,
    skips: new SkipCounter(),
    noAgent: new SkipCounter(),
    overruns: new OverrunCounter(),
    canaries: null,
    shutdown: new AbortController(),
    cluster: null,
    sessionNodeId: null,
    leaderFence: null,
  };
}
