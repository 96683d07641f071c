import type { ServiceDeps } from '../services/context';
import { cancelAgentJobsOfSession, followWallClockStep, DEFAULT_HEARTBEAT_INTERVAL_MS, DEFAULT_LEASE_GRACE_MS, enqueueAgentJob, JobSignals, privateLocationIdOfJob, sweepAgentJobs, withdrawQueuedAgentJob } from '../services/agent-jobs';
import type { AgentJobsRuntime } from '../services/runtime';
import type { JobSink, OutcomeHandler, RunJob } from '../runner/jobs';

export interface RemoteBrokerOptions {
  /** A lease lasts the job's time limit plus this (default 30 s), renewed by heartbeats. */
  leaseGraceMs?: number;
  /** A fixed lease length instead (tests). */
  leaseMs?: number;
  /** Told to agents at registration (default 10 s). */
  heartbeatIntervalMs?: number;
  /** An agent not heard from this long is unreachable (default three heartbeat intervals). */
  unreachableAfterMs?: number;
  /** How often expired leases and overdue jobs are looked for (default 1 s). */
  sweepIntervalMs?: number;
}

/**
 * The server side of remote agents: jobs for private locations are stored (so a restart keeps
 * them) and leased to the agents of that location over HTTP (http/rest/agent); outcomes they post
 * come back through `onOutcome` exactly like the embedded agent's.
 */
export class RemoteBroker implements JobSink {
  private readonly runtime: AgentJobsRuntime;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    onOutcome: OutcomeHandler,
    private readonly options: RemoteBrokerOptions = {},
  ) {
    this.runtime = {
      settings: {
        leaseGraceMs: options.leaseGraceMs ?? DEFAULT_LEASE_GRACE_MS,
        leaseMs: options.leaseMs ?? null,
        heartbeatIntervalMs: options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS,
        unreachableAfterMs: options.unreachableAfterMs ?? null,
      },
      signals: new JobSignals(),
      onOutcome,
    };
  }

  /** True when the job's run location is a private location served by remote agents. */
  async serves(job: RunJob): Promise<boolean> {
    return await privateLocationIdOfJob(this.deps, job) !== null;
  }

  async submit(job: RunJob): Promise<void> {
    await enqueueAgentJob(this.deps, job);
  }

  /** Never rejects: a failure is logged (the embedded agent's sink is called beside it without waiting). */
  cancelSession(sessionId: string): Promise<void> {
    return cancelAgentJobsOfSession(this.deps, sessionId).catch((error: unknown) =>
      this.deps.logger.error({ err: error, checkSessionId: sessionId }, 'the remote agents’ jobs of a cancelled session could not be called off'),
    );
  }

  async withdrawWaiting(sessionId: string, runLocation: string): Promise<boolean> {
    return await withdrawQueuedAgentJob(this.deps, sessionId, runLocation);
  }

  start(): void {
    this.deps.runtime.agentJobs = this.runtime;
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => this.sweep(), this.options.sweepIntervalMs ?? 1000);
    this.sweepTimer.unref();
  }

  /** How to look at the clock before stored wall times are compared with now (the server's clock watch). */
  observeClockWith(observe: () => void): void {
    this.runtime.observeClock = observe;
  }

  /** The wall clock stepped by `stepMs` (core/clock-watch.ts): stored queue times move with it. */
  async followWallClockStep(stepMs: number): Promise<void> {
    try {
      await followWallClockStep(this.deps, stepMs);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'moving the remote queue with a wall-clock step failed');
    }
  }

  async sweep(): Promise<void> {
    try {
      await sweepAgentJobs(this.deps);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'sweeping remote agent jobs failed');
    }
  }

  /**
   * Ends waiting long-polls at once (so the HTTP server can close), refuses further outcomes with
   * 503 (the agent retries them against the next server) and stops sweeping. Stored jobs stay.
   */
  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    this.runtime.signals.close();
  }
}
