/** How a check session's status follows from its locations' results: pure roll-up rules. */

export const SESSION_STATUSES = ['STARTED', 'PROGRESS', 'PROGRESS_FAILED', 'PROGRESS_DEGRADED', 'PASSED', 'FAILED', 'DEGRADED', 'TIMED_OUT', 'CANCELLED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const FINISHED_STATUSES: ReadonlySet<SessionStatus> = new Set(['PASSED', 'FAILED', 'DEGRADED', 'TIMED_OUT', 'CANCELLED']);

export function isFinished(status: SessionStatus): boolean {
  return FINISHED_STATUSES.has(status);
}

/** The verdict of one location's FINAL result. */
export type LocationVerdict = 'PASSED' | 'FAILED' | 'DEGRADED' | 'TIMED_OUT' | 'CANCELLED';

export interface VerdictFlags {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  timedOut: boolean;
}

export function verdictOf(flags: VerdictFlags): LocationVerdict {
  if (flags.isCancelled) return 'CANCELLED';
  if (flags.timedOut) return 'TIMED_OUT';
  if (flags.hasFailures || flags.hasErrors) return 'FAILED';
  if (flags.isDegraded) return 'DEGRADED';
  return 'PASSED';
}

export interface SessionProgress {
  /** How many locations the session runs (each ends with one FINAL result). */
  expectedLocations: number;
  /** Verdicts of the FINAL results recorded so far. */
  finals: readonly LocationVerdict[];
  /** Any attempt (ATTEMPT or FINAL result) has been recorded. */
  anyAttempt: boolean;
  /** Cancel was requested. */
  cancelled: boolean;
}

/**
 * STARTED until the first result; PROGRESS while locations are outstanding (PROGRESS_FAILED once
 * some location failed or timed out, PROGRESS_DEGRADED once some degraded); when every location
 * has its FINAL result: CANCELLED > FAILED > TIMED_OUT > DEGRADED > PASSED, worst first.
 */
export function rollUpSession(progress: SessionProgress): SessionStatus {
  const { finals } = progress;
  if (progress.cancelled) return 'CANCELLED';
  const has = (v: LocationVerdict) => finals.includes(v);
  if (finals.length < progress.expectedLocations) {
    if (has('FAILED') || has('TIMED_OUT')) return 'PROGRESS_FAILED';
    if (has('DEGRADED')) return 'PROGRESS_DEGRADED';
    return progress.anyAttempt || finals.length > 0 ? 'PROGRESS' : 'STARTED';
  }
  if (has('CANCELLED')) return 'CANCELLED';
  if (has('FAILED')) return 'FAILED';
  if (has('TIMED_OUT')) return 'TIMED_OUT';
  if (has('DEGRADED')) return 'DEGRADED';
  return 'PASSED';
}
