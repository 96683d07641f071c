import type { RunJob } from '../../src-shared/schemas/run-job';
import type { LaneName } from '../../src-shared/rules/lanes';

export { LANES, type LaneName, type LaneStats } from '../../src-shared/rules/lanes';
import type { ExecutionResult } from './types';

/**
 * One unit of work: run one check once from one location. The scheduler creates jobs; an agent
 * (the embedded one, or a remote `sightline agent` for private locations) executes them and hands
 * back the result. Its schema is the run contract in src-shared, so a job crossing a process, the
 * database or the wire is parsed, never cast.
 */
export { RunJob } from '../../src-shared/schemas/run-job';

export interface JobOutcome {
  job: RunJob;
  /** null when the job never ran: skipped, cancelled, or its agent went away. */
  result: ExecutionResult | null;
  /**
   * Why there is no result. None of these is a failure of the target: SKIPPED (could not start
   * before the next run was due), CANCELLED, LEASE_EXPIRED, SHUTDOWN and EXECUTOR_ERROR are
   * Sightline's own conditions; so is PREVIOUS_RUN_ACTIVE (a scheduled run not started because the
   * check's previous run was still going in that location);
   * AGENT_OFFLINE (the agent's own network was down) is its agent's; AGENT_UNREACHABLE (the server
   * stopped hearing from its location's agents) and SUSPENDED (the agent's process was frozen or its
   * machine slept while the run was in flight, and the tool did not report a pass: not judged) too.
   */
  reason?: NoResultReason;
  /** Which agent ran it ('embedded' or a remote agent id). */
  agentId: string;
}

/** Where the scheduler sends work. */
export interface JobSink {
  /** The remote agents' broker writes the job to the database first (the embedded agent takes it at once). */
  submit(job: RunJob): void | Promise<void>;
  /** Cancels queued and running jobs of a session. */
  cancelSession(sessionId: string): void;
  /**
   * Takes back the session's job for this run location if it has not started (reported SKIPPED: it
   * waited its whole period and the check's next run replaces it). False when it runs or is gone.
   */
  withdrawWaiting?(sessionId: string, runLocation: string): boolean | Promise<boolean>;
}

/** Where agents report what happened to a job. */
export type OutcomeHandler = (outcome: JobOutcome) => void;

export const NO_RESULT_REASONS = ['SKIPPED', 'CANCELLED', 'LEASE_EXPIRED', 'SHUTDOWN', 'EXECUTOR_ERROR', 'PREVIOUS_RUN_ACTIVE', 'AGENT_OFFLINE', 'NO_AGENT', 'AGENT_UNREACHABLE', 'SUSPENDED'] as const;
export type NoResultReason = (typeof NO_RESULT_REASONS)[number];

export function laneOf(job: RunJob): LaneName {
  return job.execution.checkType;
}
