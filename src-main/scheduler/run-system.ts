import { EmbeddedAgent, jobConcurrencyFromEnv, type RunFn } from '../agent/embedded-agent';
import type { EventBus } from '../core/events';
import { attachRunRuntime } from '../services/check-sessions/runtime';
import type { ServiceDeps } from '../services/context';
import { RunCoordinator } from './run-coordinator';
import { Scheduler } from './scheduler';
import { realTimers, type Timers } from './timers';

export interface RunSystemOptions {
  deps: ServiceDeps;
  events: EventBus;
  baseUrl: string;
  run: RunFn;
  timers?: Timers;
  jobConcurrency?: number;
  pollIntervalMs?: number;
  flushIntervalMs?: number;
  recordLag?: boolean;
}

export interface RunSystem {
  scheduler: Scheduler;
  coordinator: RunCoordinator;
  agent: EmbeddedAgent;
  /** Starts running checks on schedule (triggers, run-now and retries work without it). */
  startScheduling(): void;
  /** Stops scheduling, lets running jobs finish (up to timeoutMs), and writes every outcome. */
  stop(timeoutMs: number): Promise<void>;
}

/** Wires the embedded agent, the run coordinator and the scheduler, and makes them reachable from the services. */
export function createRunSystem(options: RunSystemOptions): RunSystem {
  const timers = options.timers ?? realTimers;
  const { deps } = options;
  let coordinator: RunCoordinator | null = null;
  const agent = new EmbeddedAgent({
    clock: deps.clock,
    logger: deps.logger,
    run: options.run,
    concurrency: options.jobConcurrency ?? jobConcurrencyFromEnv(),
    onOutcome: (outcome) => coordinator?.onOutcome(outcome),
  });
  coordinator = new RunCoordinator({ deps, timers, sink: agent, flushIntervalMs: options.flushIntervalMs });
  const control = coordinator;
  const scheduler = new Scheduler({ deps, timers, control, pollIntervalMs: options.pollIntervalMs, recordLag: options.recordLag });
  attachRunRuntime(deps, { events: options.events, control, baseUrl: options.baseUrl });
  return {
    scheduler,
    coordinator: control,
    agent,
    startScheduling: () => scheduler.start(),
    async stop(timeoutMs) {
      scheduler.stop();
      await agent.drain(timeoutMs);
      control.stop();
    },
  };
}
