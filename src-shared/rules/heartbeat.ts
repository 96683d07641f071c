/**
 * The heartbeat judge's rules, pure (docs/DECISIONS.md, issue 34 item 1): what a ping or a passed
 * deadline does to a heartbeat's state, and the state the public API names at that moment.
 */
import type { HeartbeatEvent, HeartbeatState } from '../schemas/heartbeat-check';

export interface HeartbeatClock {
  /** Epoch ms of the last ping (plain, start or fail), null before the first one. */
  lastPingAt: number | null;
  /** A run started with `/start` and not finished yet. */
  runStartedAt: number | null;
  /** When the next ping is due at the latest; null while the heartbeat fails and waits for a ping. */
  deadlineAt: number | null;
  failing: boolean;
  note: string | null;
}

export interface HeartbeatTiming {
  periodMs: number;
  graceMs: number;
}

export type PingKind = 'PING' | 'START' | 'FAIL';

export interface Verdict {
  event: HeartbeatEvent;
  state: HeartbeatState;
  failed: boolean;
  /** A ping that ends a run started with `/start`: how long the run took. */
  runDurationMs: number | null;
  /** The deadline this result was judged against (ISO in the payload). */
  deadlineAt: number | null;
  previousPingAt: number | null;
  errorMessage: string | null;
  note: string | null;
  next: HeartbeatClock;
}

/**
 * The state a ping arrives in: LATE after the heartbeat failed (the ping recovers it), GRACE after
 * the period but within the grace, EARLY before half the period since the last ping, else RECEIVED.
 */
export function pingState(clock: HeartbeatClock, timing: HeartbeatTiming, at: number): HeartbeatState {
  if (clock.failing) return 'LATE';
  if (clock.lastPingAt === null) return 'RECEIVED';
  const expected = clock.lastPingAt + timing.periodMs;
  if (at > expected) return 'GRACE';
  if (at < clock.lastPingAt + timing.periodMs / 2) return 'EARLY';
  return 'RECEIVED';
}

/** The state right now, for the console and the reads: FAILING, GRACE (past the period), or RECEIVED. */
export function currentState(clock: HeartbeatClock, timing: HeartbeatTiming, now: number): HeartbeatState {
  if (clock.failing) return 'FAILING';
  if (clock.lastPingAt !== null && now > clock.lastPingAt + timing.periodMs) return 'GRACE';
  return 'RECEIVED';
}

/** A ping arrived: a plain one passes (and recovers), `/start` opens a run, `/fail` fails. */
export function onPing(clock: HeartbeatClock, timing: HeartbeatTiming, kind: PingKind, at: number): Verdict {
  const state = pingState(clock, timing, at);
  const deadlineAt = at + timing.periodMs + timing.graceMs;
  const base = { deadlineAt: clock.deadlineAt, previousPingAt: clock.lastPingAt, note: null };
  if (kind === 'FAIL') {
    return {
      ...base,
      event: 'FAIL',
      state: 'FAILING',
      failed: true,
      runDurationMs: clock.runStartedAt === null ? null : at - clock.runStartedAt,
      errorMessage: 'The job reported a failure (a ping to …/fail).',
      next: { lastPingAt: at, runStartedAt: null, deadlineAt, failing: true, note: null },
    };
  }
  if (kind === 'START') {
    // A start shows the job is alive but not that it worked: it neither fails nor recovers the heartbeat.
    return {
      ...base,
      event: 'START',
      state: clock.failing ? 'FAILING' : state,
      failed: clock.failing,
      runDurationMs: null,
      errorMessage: clock.failing ? 'Still failing: a run started (…/start) but has not finished yet.' : null,
      // The run must end within a period plus grace, or it fails as a run that never finished.
      next: { lastPingAt: at, runStartedAt: at, deadlineAt, failing: clock.failing, note: null },
    };
  }
  return {
    ...base,
    event: 'PING',
    state,
    failed: false,
    runDurationMs: clock.runStartedAt === null ? null : at - clock.runStartedAt,
    errorMessage: null,
    next: { lastPingAt: at, runStartedAt: null, deadlineAt, failing: false, note: null },
  };
}

function iso(ms: number | null): string {
  return ms === null ? 'never' : new Date(ms).toISOString();
}

/** The deadline passed without a ping: the heartbeat fails and waits for the next ping. */
export function onDeadline(clock: HeartbeatClock): Verdict {
  const neverFinished = clock.runStartedAt !== null;
  const errorMessage = neverFinished
    ? `A run started at ${iso(clock.runStartedAt)} (…/start) never finished: no ping by ${iso(clock.deadlineAt)}.`
    : `No ping within the period plus grace: one was due by ${iso(clock.deadlineAt)}; the last came ${clock.lastPingAt === null ? 'never' : `at ${iso(clock.lastPingAt)}`}.`;
  return {
    event: neverFinished ? 'RUN_NEVER_FINISHED' : 'MISSED',
    state: 'FAILING',
    failed: true,
    runDurationMs: null,
    deadlineAt: clock.deadlineAt,
    previousPingAt: clock.lastPingAt,
    errorMessage,
    note: clock.note,
    next: { lastPingAt: clock.lastPingAt, runStartedAt: null, deadlineAt: null, failing: true, note: null },
  };
}

/**
 * Sightline's own gap (not running, asleep, suspended) covered the deadline: the job gets one new
 * period from `resumedAt` before it fails, and the note says why (the console shows it).
 */
export function afterOwnGap(clock: HeartbeatClock, timing: HeartbeatTiming, resumedAt: number, why: string): HeartbeatClock {
  const deadlineAt = resumedAt + timing.periodMs + timing.graceMs;
  return { ...clock, deadlineAt, note: `${why} when this heartbeat's ping was due (by ${iso(clock.deadlineAt)}): it got one new period from ${iso(resumedAt)}, due by ${iso(deadlineAt)}, before it fails.` };
}

/** A maintenance window covered the deadline: no failure; a new period from the window's end. */
export function afterMaintenance(clock: HeartbeatClock, timing: HeartbeatTiming, windowName: string, windowEnd: number): HeartbeatClock {
  const deadlineAt = windowEnd + timing.periodMs + timing.graceMs;
  return { ...clock, deadlineAt, note: `The ping due by ${iso(clock.deadlineAt)} fell in maintenance window "${windowName}": the heartbeat is due again by ${iso(deadlineAt)}.` };
}
