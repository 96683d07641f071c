import type { RetryPolicy } from '../../src-shared/rules/retry';
import type { LaneName } from '../../src-shared/rules/lanes';

export { LANES, type LaneName, type LaneStats } from '../../src-shared/rules/lanes';
import type { ExecutionJob, ExecutionResult } from './types';

/**
 * One unit of work: run one check once from one location. The scheduler creates jobs; an agent
 * (the embedded one, or a remote `sightline agent` for private locations) executes them and hands
 * back the result. Plain data only, so a job can cross a process boundary as JSON.
 */
export interface RunJob {
  /** Unique per attempt. */
  jobId: string;
  /** The session this attempt belongs to (the API's checkSessionId). */
  sessionId: string;
  accountId: string;
  /** 1 for the first attempt, 2.. for retries. */
  attempt: number;
  /** What the executor needs: check id/type, run location, the effective check body, time limit. */
  execution: Omit<ExecutionJob, 'signal'>;
  /** Epoch ms when the job was queued. */
  enqueuedAt: number;
  /** Epoch ms when the run was due (its schedule slot, or when it was triggered); lateness counts from it. */
  plannedAt: number;
  /** Epoch ms after which a job still waiting in a queue is skipped (it could not start in time) and counted. */
  dropAfter: number;
  /** The run location this attempt stands for; a retry from another location still counts for it. */
  slot: string;
  /** Every run location of the check, in order (retries from another location pick from these). */
  candidates: string[];
  /** How failures of this job are retried. */
  retry: { strategy: RetryPolicy | null; doubleCheck: boolean };
  /** Epoch ms of the first attempt for this slot (maxDurationSeconds counts from it). */
  firstAttemptAt: number;
  /** The check's period in ms; also how long a job may wait in a queue. */
  periodMs: number;
}

export interface JobOutcome {
  job: RunJob;
  /** null when the job never ran: skipped, cancelled, or its agent went away. */
  result: ExecutionResult | null;
  /**
   * Why there is no result. None of these is a failure of the target: SKIPPED (could not start
   * before the next run was due), CANCELLED, LEASE_EXPIRED, SHUTDOWN and EXECUTOR_ERROR are
   * Sightline's own conditions.
   */
  reason?: NoResultReason;
  /** Which agent ran it ('embedded' or a remote agent id). */
  agentId: string;
}

/** Where the scheduler sends work. */
export interface JobSink {
  submit(job: RunJob): void;
  /** Cancels queued and running jobs of a session. */
  cancelSession(sessionId: string): void;
}

/** Where agents report what happened to a job. */
export type OutcomeHandler = (outcome: JobOutcome) => void;

export const NO_RESULT_REASONS = ['SKIPPED', 'CANCELLED', 'LEASE_EXPIRED', 'SHUTDOWN', 'EXECUTOR_ERROR'] as const;
export type NoResultReason = (typeof NO_RESULT_REASONS)[number];

export function laneOf(job: RunJob): LaneName {
  return job.execution.checkType;
}
