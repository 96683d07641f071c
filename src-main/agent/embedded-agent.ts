import type { Clock } from '../core/clock';
import type { Logger } from '../core/logger';
import type { ExecutionJob, ExecutionResult } from '../runner/types';
import type { JobOutcome, JobSink, OutcomeHandler, RunJob } from './jobs';

export type RunFn = (job: ExecutionJob) => Promise<ExecutionResult>;

export interface EmbeddedAgentOptions {
  clock: Clock;
  logger: Logger;
  /** Executes one job (the runner's runJob in production; the benchmark passes a no-op). */
  run: RunFn;
  onOutcome: OutcomeHandler;
  /** Jobs run at once. */
  concurrency?: number;
  /** Queue length cap; beyond it the oldest queued job is dropped. */
  maxQueue?: number;
  agentId?: string;
}

/**
 * Default JOB_CONCURRENCY on 2 cores. A ping or mtr run is a child process that mostly waits on
 * the network, so more than one per core keeps the cores busy; multi-step runs start a Node child
 * each (≈ 100 MB, a core for a second), so 4 is where two cores saturate without thrashing.
 */
export const DEFAULT_JOB_CONCURRENCY = 4;

export function jobConcurrencyFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.JOB_CONCURRENCY);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_JOB_CONCURRENCY;
}

interface Running {
  job: RunJob;
  controller: AbortController;
  cancelled: boolean;
}

/**
 * The agent inside the backend: a bounded FIFO queue in front of `concurrency` workers. A job
 * that waited past its `dropAfter` is not run but reported DROPPED, so a saturated agent sheds
 * load instead of queueing without bound.
 */
export class EmbeddedAgent implements JobSink {
  private readonly queue: RunJob[] = [];
  private readonly running = new Map<string, Running>();
  private readonly concurrency: number;
  private readonly maxQueue: number;
  private readonly agentId: string;
  private accepting = true;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: EmbeddedAgentOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_JOB_CONCURRENCY);
    this.maxQueue = Math.max(1, options.maxQueue ?? 50_000);
    this.agentId = options.agentId ?? 'embedded';
  }

  get queued(): number {
    return this.queue.length;
  }

  get active(): number {
    return this.running.size;
  }

  submit(job: RunJob): void {
    if (!this.accepting) {
      this.report({ job, result: null, reason: 'SHUTDOWN', agentId: this.agentId });
      return;
    }
    this.queue.push(job);
    if (this.queue.length > this.maxQueue) {
      const oldest = this.queue.shift();
      if (oldest) this.report({ job: oldest, result: null, reason: 'DROPPED', agentId: this.agentId });
    }
    this.pump();
  }

  cancelSession(sessionId: string): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const job = this.queue[i];
      if (job && job.sessionId === sessionId) {
        this.queue.splice(i, 1);
        this.report({ job, result: null, reason: 'CANCELLED', agentId: this.agentId });
      }
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
    for (const job of this.queue.splice(0)) this.report({ job, result: null, reason: 'SHUTDOWN', agentId: this.agentId });
    if (this.running.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (this.running.size === 0) return;
    // Abort what is still running and give the executors a moment to stop their tools and report.
    for (const entry of this.running.values()) entry.controller.abort();
    await Promise.race([
      new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 2000);
      }),
    ]);
    clearTimeout(timer);
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift();
      if (!job) break;
      if (this.options.clock.now().getTime() > job.dropAfter) {
        this.report({ job, result: null, reason: 'DROPPED', agentId: this.agentId });
        continue;
      }
      this.start(job);
    }
  }

  private start(job: RunJob): void {
    const entry: Running = { job, controller: new AbortController(), cancelled: false };
    this.running.set(job.jobId, entry);
    const execution = { ...job.execution, signal: entry.controller.signal } as ExecutionJob;
    this.options
      .run(execution)
      .then(
        (result): JobOutcome =>
          entry.cancelled ? { job, result: null, reason: 'CANCELLED', agentId: this.agentId } : { job, result, agentId: this.agentId },
        (error: unknown): JobOutcome => {
          if (!entry.cancelled) this.options.logger.error({ err: error, checkId: job.execution.checkId }, 'executor failed');
          return { job, result: null, reason: entry.cancelled ? 'CANCELLED' : 'EXECUTOR_ERROR', agentId: this.agentId };
        },
      )
      .then((outcome) => {
        this.running.delete(job.jobId);
        this.report(outcome);
        if (this.running.size === 0 && (this.queue.length === 0 || !this.accepting)) for (const resolve of this.idleWaiters.splice(0)) resolve();
        this.pump();
      });
  }

  private report(outcome: JobOutcome): void {
    try {
      this.options.onOutcome(outcome);
    } catch (error) {
      this.options.logger.error({ err: error }, 'recording a job outcome failed');
    }
  }
}
