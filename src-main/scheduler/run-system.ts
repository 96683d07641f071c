import { randomUUID } from 'node:crypto';
import type { AgentConnectivityView } from '../../src-shared/rules/connectivity';
import { EmbeddedAgent, type ConnectivityGate, type BatchRunFn, type LaneCapacities, type RunFn } from '../agent/embedded-agent';
import type { JobOutcome, JobSink, RunJob } from '../runner/jobs';
import type { AdHocRuns } from '../services/runtime';
import type { ServiceDeps } from '../services/context';
import { openExecutionSecrets } from '../services/secrets';
import type { ExecutionJob } from '../runner/types';
import type { MultiStepIsolationView } from '../../src-shared/rules/lanes';
import { RunCoordinator, type RunCoordinatorOptions } from './run-coordinator';
import { Scheduler } from './scheduler';
import { realTimers, type Timers } from './timers';
import type { ClockWatch } from '../core/clock-watch';

export interface RunSystemOptions {
  deps: ServiceDeps;
  run: RunFn;
  /** Batched ICMP through fping; null where fping is missing (ICMP then runs one `ping` per run). */
  icmpBatch?: { run: BatchRunFn; key: (job: ExecutionJob) => string } | null;
  timers?: Timers;
  lanes?: LaneCapacities;
  /** Multi-step runs go to the warm runtime: the lane's default capacity is its, not one per core. */
  warmMultiStep?: boolean;
  pollIntervalMs?: number;
  flushIntervalMs?: number;
  recordLag?: boolean;
  /** Stores a batch of outcomes (RunCoordinatorOptions.record). */
  record?: RunCoordinatorOptions['record'];
  /** How the executors isolate multi-step scripts, for the Agent section and /health. */
  multiStepIsolation?: MultiStepIsolationView | null;
  /** The embedded agent's connectivity monitor (null: it checks none). */
  connectivity?: (ConnectivityGate & { view(): AgentConnectivityView | null }) | null;
  /** Suspensions and wall-clock steps: the agent judges runs across them, the scheduler replans on steps. */
  watch?: ClockWatch | null;
}

export interface RunSystem {
  scheduler: Scheduler;
  coordinator: RunCoordinator;
  agent: EmbeddedAgent;
  /** Starts running checks on schedule (triggers, run-now and retries work without it). */
  startScheduling(): void;
  /** Stops scheduling, lets running jobs finish (up to timeoutMs), and writes every outcome. */
  stop(timeoutMs: number): Promise<void>;
  /** Where ad-hoc runs go once remote agents serve private locations (the embedded agent until then). */
  routeAdHoc(sink: JobSink): void;
  /** Hands an outcome to the ad-hoc run waiting for it; false when it belongs to a session. */
  takeAdHocOutcome(outcome: JobOutcome): boolean;
}

/** Wires the embedded agent, the run coordinator and the scheduler into the backend's runtime. */
export function createRunSystem(options: RunSystemOptions): RunSystem {
  const timers = options.timers ?? realTimers;
  const { deps } = options;
  let coordinator: RunCoordinator | null = null;
  /** Ad-hoc runs waiting for their outcome, by job id: their outcomes never reach the coordinator. */
  const adHocWaiters = new Map<string, (outcome: JobOutcome) => void>();
  const agent = new EmbeddedAgent({
    clock: deps.clock,
    logger: deps.logger,
    // Secrets are sealed everywhere until the executor needs them.
    run: (job) => options.run(openExecutionSecrets(deps.keyring, job)),
    icmpBatch: options.icmpBatch ?? null,
    lanes: options.lanes,
    warmMultiStep: options.warmMultiStep,
    connectivity: options.connectivity ?? null,
    watch: options.watch ?? null,
    onOutcome: async (outcome) => {
      const waiter = adHocWaiters.get(outcome.job.jobId);
      if (!waiter) return await coordinator?.onOutcome(outcome);
      adHocWaiters.delete(outcome.job.jobId);
      waiter(outcome);
    },
  });
  coordinator = new RunCoordinator({ deps, timers, sink: agent, flushIntervalMs: options.flushIntervalMs, record: options.record });
  const control = coordinator;
  const scheduler = new Scheduler({ deps, timers, control, pollIntervalMs: options.pollIntervalMs, recordLag: options.recordLag, watch: options.watch ?? null });
  deps.runtime.runs = control;
  deps.runtime.firstRuns = { runNewChecksNow: (checkIds) => void scheduler.runNewChecksNow(checkIds) };
  let adHocSink: JobSink = agent;
  deps.runtime.adHoc = adHocRuns(() => adHocSink, adHocWaiters, deps);
  deps.runtime.agent = { lanes: () => agent.laneStats(), icmpMode: () => agent.icmpMode, multiStepIsolation: () => options.multiStepIsolation ?? null,
    connectivity: () => options.connectivity?.view() ?? null,
    clockEvents: () => options.watch?.recent() ?? [],
  };
  return {
    scheduler,
    coordinator: control,
    agent,
    startScheduling: () => scheduler.start(),
    routeAdHoc(sink) {
      adHocSink = sink;
    },
    takeAdHocOutcome(outcome) {
      const waiter = adHocWaiters.get(outcome.job.jobId);
      if (!waiter) return false;
      adHocWaiters.delete(outcome.job.jobId);
      waiter(outcome);
      return true;
    },
    async stop(timeoutMs) {
      scheduler.stop();
      await agent.drain(timeoutMs);
      await control.stop();
    },
  };
}

/** Runs that belong to no session (on the embedded agent, or a private location's agents): one job each, no retries, the outcome to the caller. */
function adHocRuns(sink: () => JobSink, waiters: Map<string, (outcome: JobOutcome) => void>, deps: ServiceDeps): AdHocRuns {
  return {
    run(execution, { accountId, signal, startWithinMs }) {
      const now = deps.clock.now().getTime();
      const job: RunJob = {
        jobId: randomUUID(),
        // Not a run id: nothing looks this session up, and cancelling it reaches this job only.
        sessionId: `adhoc-${randomUUID()}`,
        accountId,
        attempt: 1,
        execution,
        enqueuedAt: now,
        plannedAt: now,
        dropAfter: now + startWithinMs,
        slot: execution.runLocation,
        candidates: [execution.runLocation],
        retry: { strategy: null, doubleCheck: false },
        firstAttemptAt: now,
        periodMs: startWithinMs,
      };
      return new Promise<JobOutcome>((resolve) => {
        const target = sink();
        const onAbort = () => target.cancelSession(job.sessionId);
        waiters.set(job.jobId, (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        target.submit(job);
        if (signal?.aborted) onAbort();
      });
    },
  };
}
