import { availableParallelism } from 'node:os';
import { monotonicOf, type Clock } from '../core/clock';
import type { Logger } from '../core/logger';
import { LANES, laneOf, type JobOutcome, type JobSink, type LaneName, type LaneStats, type OutcomeHandler, type RunJob } from '../runner/jobs';
import type { ExecutionJob, ExecutionResult } from '../runner/types';
import { Lane } from './lane';
import { perLane } from '../../src-shared/rules/lanes';

export type RunFn = (job: ExecutionJob) => Promise<ExecutionResult>;
/** Runs jobs that share a batch key in one go (ICMP through one fping); results in input order. */
export type BatchRunFn = (jobs: ExecutionJob[]) => Promise<ExecutionResult[]>;

export type LaneCapacities = Partial<Record<LaneName, number>>;

/** Multi-step runs at once per core on the warm runtime: an API flow mostly waits on the network (bench/RESULTS.md, multistep-flow). */
export const WARM_MULTI_STEP_RUNS_PER_CORE = 16;

/**
 * Default capacities (runs at once). Batched ICMP runs cost almost nothing each: thousands share a
 * handful of fping processes. Without fping every ICMP run is a `ping` process, mostly waiting.
 * Traceroute runs wait on the network too. A multi-step run on the full path keeps a core busy
 * for seconds: one per core; on the warm runtime it costs milliseconds of CPU and mostly waits.
 */
export function defaultLaneCapacities(icmpBatched: boolean, warmMultiStep = false): Record<LaneName, number> {
  const cores = Math.max(1, availableParallelism());
  return { ICMP: icmpBatched ? 4000 : 64, TRACEROUTE: 32, MULTI_STEP: warmMultiStep ? cores * WARM_MULTI_STEP_RUNS_PER_CORE : cores };
}

export interface EmbeddedAgentOptions {
  clock: Clock;
  logger: Logger;
  /** Executes one job (the runner's runJob in production; the no-op benchmark passes a stub). */
  run: RunFn;
  /** Batched ICMP (fping). Without it ICMP jobs run one by one through `run`. */
  icmpBatch?: { run: BatchRunFn; key: (job: ExecutionJob) => string } | null;
  /** Most targets in one batch (one fping process); default 500. */
  maxBatchTargets?: number;
  onOutcome: OutcomeHandler;
  /** Multi-step runs go to the warm runtime (a larger default multi-step lane). */
  warmMultiStep?: boolean;
  /** Capacity per lane; missing lanes get defaultLaneCapacities. */
  lanes?: LaneCapacities;
  /** Queue length cap per lane; beyond it the oldest queued job is skipped. */
  maxQueue?: number;
  agentId?: string;
  /** The agent's own connectivity: while it is offline its runs are skipped as its fault, and a failure must be confirmed by a canary. */
  connectivity?: ConnectivityGate | null;
  /** Suspensions of the process or machine: a run in flight across one is judged on what its tool reported, or not judged. */
  watch?: SuspensionGate | null;
}

/** What the agent asks of the clock watch (core/clock-watch.ts). */
export interface SuspensionGate {
  /** A suspension (or forward jump of the wall clock) seen since monotonic time `sinceMono`, or null. */
  spannedSince(sinceMono: number): unknown;
}

/** What the agent asks of its connectivity monitor (connectivity/monitor.ts). */
export interface ConnectivityGate {
  readonly offline: boolean;
  /** Whether a failure of a run started at `since` (epoch ms) is its target's: no failed canary round since, and a fresh one answered. */
  confirm(since: number): Promise<boolean>;
  noteOfflineRun(): void;
}

const failing = (result: ExecutionResult) => !result.aborted && (result.hasFailures || result.hasErrors || result.timedOut === true);

interface Running {
  job: RunJob;
  lane: Lane;
  controller: AbortController;
  cancelled: boolean;
  /** Stopped by drain(): reported SHUTDOWN whatever the executor made of the abort (a script cut off is not a pass). */
  stopped?: boolean;
  /** Epoch ms when it started, and the monotonic time then. */
  startedAt: number;
  startedMono: number;
}

/**
 * The agent inside the backend (and inside `sightline agent`): one lane per check type, each with
 * its own run slots and a queue per account served in turn, so a backlog of one kind never delays
 * another and one account never holds a whole lane (lane.ts). A job
 * that could not start before its next run was due is skipped and counted: never a result of the
 * target.
 */
export class EmbeddedAgent implements JobSink {
  private readonly lanes: Record<LaneName, Lane>;
  private readonly running = new Map<string, Running>();
  private readonly pumpPending = new Set<LaneName>();
  /**
   * When a waiting job is dropped, on the monotonic clock: its wall-clock dropAfter turned into
   * "this long from its arrival", so a wall clock stepping forward while it waits drops nothing
   * (and one stepping back keeps nothing past its time).
   */
  private readonly dropAt = new WeakMap<RunJob, number>();
  private readonly maxQueue: number;
  private readonly agentId: string;
  private accepting = true;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: EmbeddedAgentOptions) {
    const defaults = defaultLaneCapacities(Boolean(options.icmpBatch), options.warmMultiStep);
    const lane = (name: LaneName) => new Lane(name, Math.max(1, options.lanes?.[name] ?? defaults[name]), options.clock);
    this.lanes = perLane(lane);
    this.maxQueue = Math.max(1, options.maxQueue ?? 50_000);
    this.agentId = options.agentId ?? 'embedded';
  }

  get queued(): number {
    return LANES.reduce((n, name) => n + this.lanes[name].queued, 0);
  }

  get active(): number {
    return this.running.size;
  }

  get icmpMode(): 'fping' | 'ping' {
    return this.options.icmpBatch ? 'fping' : 'ping';
  }

  laneStats(): LaneStats[] {
    return LANES.map((name) => this.lanes[name].stats());
  }

  /** Free run slots per lane, less what already waits (what a remote agent may lease). */
  freeSlots(): Record<LaneName, number> {
    const free = (name: LaneName) => Math.max(0, this.lanes[name].free - this.lanes[name].queued);
    return perLane(free);
  }

  submit(job: RunJob): void {
    if (!this.accepting) {
      this.report({ job, result: null, reason: 'SHUTDOWN', agentId: this.agentId });
      return;
    }
    const lane = this.lanes[laneOf(job)];
    this.dropAt.set(job, monotonicOf(this.options.clock) + (job.dropAfter - this.options.clock.now().getTime()));
    lane.enqueue(job);
    if (lane.queued > this.maxQueue) {
      const evicted = lane.evict();
      if (evicted) this.skip(lane, evicted);
    }
    this.schedulePump(lane.name);
  }

  withdrawWaiting(sessionId: string, runLocation: string): boolean {
    let found = false;
    for (const name of LANES) {
      const lane = this.lanes[name];
      for (const job of lane.remove((job) => job.sessionId === sessionId && job.execution.runLocation === runLocation, false)) {
        this.skip(lane, job);
        found = true;
      }
    }
    return found;
  }

  cancelSession(sessionId: string): void {
    for (const name of LANES) {
      for (const job of this.lanes[name].remove((job) => job.sessionId === sessionId, true)) this.report({ job, result: null, reason: 'CANCELLED', agentId: this.agentId });
    }
    for (const entry of this.running.values()) {
      if (entry.job.sessionId === sessionId) {
        entry.cancelled = true;
        entry.controller.abort();
      }
    }
  }

  /**
   * Stops taking jobs, reports queued ones as SHUTDOWN, and waits up to timeoutMs for running
   * ones; those still running then are aborted and reported SHUTDOWN.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.accepting = false;
    for (const name of LANES) for (const job of this.lanes[name].remove(() => true, true)) this.report({ job, result: null, reason: 'SHUTDOWN', agentId: this.agentId });
    if (this.running.size === 0) return;
    await this.idleWithin(timeoutMs);
    if (this.running.size === 0) return;
    // Abort what is still running and give the executors a moment to stop their tools and report.
    for (const entry of this.running.values()) {
      entry.stopped = true;
      entry.controller.abort();
    }
    await this.idleWithin(2000);
  }

  private async idleWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Jobs submitted in the same turn (one scheduler tick) are started together: that is what makes ICMP batches. */
  private schedulePump(name: LaneName): void {
    if (this.pumpPending.has(name)) return;
    this.pumpPending.add(name);
    setImmediate(() => {
      this.pumpPending.delete(name);
      this.pump(this.lanes[name]);
    });
  }

  private pump(lane: Lane): void {
    if (!this.accepting) return;
    const now = this.options.clock.now().getTime();
    const monotonicNow = monotonicOf(this.options.clock);
    const starting: RunJob[] = [];
    // take() holds the job's slot; one that is skipped instead of started gives it back.
    for (let job = lane.take(); job; job = lane.take()) {
      if (monotonicNow > (this.dropAt.get(job) ?? job.dropAfter - now + monotonicNow)) {
        lane.release(job);
        this.skip(lane, job);
      } else if (this.options.connectivity?.offline) {
        lane.release(job);
        this.skipOffline(job);
      } else starting.push(job);
    }
    if (starting.length === 0) return;
    const batch = lane.name === 'ICMP' ? this.options.icmpBatch : null;
    if (!batch) {
      for (const job of starting) this.startOne(lane, job, now);
      return;
    }
    const groups = new Map<string, RunJob[]>();
    for (const job of starting) {
      const key = batch.key(job.execution as ExecutionJob);
      const group = groups.get(key) ?? [];
      groups.set(key, group);
      group.push(job);
    }
    const maxTargets = this.options.maxBatchTargets ?? 500;
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += maxTargets) this.startBatch(lane, group.slice(i, i + maxTargets), batch.run, now);
    }
  }

  private enter(lane: Lane, job: RunJob, now: number): Running {
    const entry: Running = { job, lane, controller: new AbortController(), cancelled: false, startedAt: now, startedMono: monotonicOf(this.options.clock) };
    this.running.set(job.jobId, entry);
    lane.noteStarted(job, now);
    return entry;
  }

  private executionOf(entry: Running): ExecutionJob {
    return { ...entry.job.execution, accountId: entry.job.accountId, signal: entry.controller.signal };
  }

  private startOne(lane: Lane, job: RunJob, now: number): void {
    const entry = this.enter(lane, job, now);
    this.options.run(this.executionOf(entry)).then(
      (result) => this.finish(entry, result),
      (error: unknown) => this.fail(entry, error),
    );
  }

  private startBatch(lane: Lane, jobs: RunJob[], run: BatchRunFn, now: number): void {
    const entries = jobs.map((job) => this.enter(lane, job, now));
    run(entries.map((entry) => this.executionOf(entry))).then(
      (results) => entries.forEach((entry, i) => this.finish(entry, results[i] ?? null)),
      (error: unknown) => entries.forEach((entry) => this.fail(entry, error)),
    );
  }

  /**
   * A failure counts as the target's only if no canary round failed while it ran and one answered
   * after it: one that overlapped an outage is the agent's. A failure of a run in flight across a
   * suspension of this process or machine is not judged at all (what the tool reported of a pass stands).
   */
  private finish(entry: Running, result: ExecutionResult | null): void {
    if (result && !entry.cancelled && !entry.stopped && failing(result) && this.options.watch?.spannedSince(entry.startedMono)) {
      return this.done(entry, { job: entry.job, result: null, reason: 'SUSPENDED', agentId: this.agentId });
    }
    const gate = this.options.connectivity;
    if (!gate || !result || entry.cancelled || entry.stopped || !failing(result)) return this.settle(entry, result, true);
    gate.confirm(entry.startedAt).then(
      (online) => this.settle(entry, result, online),
      () => this.settle(entry, result, true),
    );
  }

  private settle(entry: Running, result: ExecutionResult | null, online: boolean): void {
    if (entry.cancelled) this.done(entry, { job: entry.job, result: null, reason: 'CANCELLED', agentId: this.agentId });
    else if (entry.stopped) this.done(entry, { job: entry.job, result: null, reason: 'SHUTDOWN', agentId: this.agentId });
    else if (!result) this.fail(entry, new Error('the executor returned no result for this job'));
    else if (!online) {
      this.options.connectivity?.noteOfflineRun();
      this.done(entry, { job: entry.job, result: null, reason: 'AGENT_OFFLINE', agentId: this.agentId });
    } else this.done(entry, { job: entry.job, result, agentId: this.agentId });
  }

  private fail(entry: Running, error: unknown): void {
    if (!entry.cancelled && !entry.stopped) this.options.logger.error({ err: error, checkId: entry.job.execution.checkId }, 'executor failed');
    const reason = entry.cancelled ? 'CANCELLED' : entry.stopped ? 'SHUTDOWN' : 'EXECUTOR_ERROR';
    this.done(entry, { job: entry.job, result: null, reason, agentId: this.agentId });
  }

  private done(entry: Running, outcome: JobOutcome): void {
    if (!this.running.delete(entry.job.jobId)) return;
    entry.lane.release(entry.job);
    this.report(outcome);
    if (this.running.size === 0 && (this.queued === 0 || !this.accepting)) for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (entry.lane.queued > 0) this.schedulePump(entry.lane.name);
  }

  private skip(lane: Lane, job: RunJob): void {
    lane.noteSkipped(this.options.clock.now().getTime());
    this.report({ job, result: null, reason: 'SKIPPED', agentId: this.agentId });
  }

  private skipOffline(job: RunJob): void {
    this.options.connectivity?.noteOfflineRun();
    this.report({ job, result: null, reason: 'AGENT_OFFLINE', agentId: this.agentId });
  }

  private report(outcome: JobOutcome): void {
    try {
      this.options.onOutcome(outcome);
    } catch (error) {
      this.options.logger.error({ err: error }, 'recording a job outcome failed');
    }
  }
}
