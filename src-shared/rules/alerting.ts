/**
 * When a check alerts: a pure state machine fed with one verdict per run (a finished session,
 * all its locations together). Time comes in as epoch milliseconds so tests drive it with a
 * manual clock.
 */
import type { FlapState } from './flapping';

/** The alert codes raised by runs (the notify layer adds TEST for a channel's test message). */
export type RunAlertType =
  | 'ALERT_FAILURE'
  | 'ALERT_FAILURE_REMAIN'
  | 'ALERT_FAILURE_DEGRADED'
  | 'ALERT_DEGRADED'
  | 'ALERT_DEGRADED_REMAIN'
  | 'ALERT_DEGRADED_FAILURE'
  | 'ALERT_DEGRADED_RECOVERY'
  | 'ALERT_RECOVERY'
  /** The check started flapping (rules/flapping.ts); it ends with the alert of the state it settled in. */
  | 'ALERT_FLAPPING';

export type RunVerdict = 'PASS' | 'DEGRADED' | 'FAIL';

/** The members of AlertSettings (spec 2.2) that decide alerting; absent members take the spec defaults. */
export interface AlertRules {
  escalationType?: 'RUN_BASED' | 'TIME_BASED';
  runBasedEscalation?: { failedRunThreshold?: number };
  timeBasedEscalation?: { minutesFailingThreshold?: number };
  reminders?: { amount?: number; interval?: number };
  parallelRunFailureThreshold?: { enabled?: boolean; percentage?: number };
}

export interface AlertState {
  /** What kind of alert is open: the last one sent was a failure or a degradation, and no recovery yet. */
  alerted: 'NONE' | 'FAILURE' | 'DEGRADED';
  /** Consecutive failing runs, and when the first of them was seen (epoch ms). */
  failedRuns: number;
  failingSince: number | null;
  /** Consecutive degraded runs, and when the first of them was seen (epoch ms). */
  degradedRuns: number;
  degradedSince: number | null;
  /** Reminders sent since the open alert, and when the last alert or reminder went out (epoch ms). */
  remindersSent: number;
  lastAlertAt: number | null;
  /** The recent verdicts and whether the check is flapping (absent until a run is not a pass). */
  flap?: FlapState;
}

export const INITIAL_ALERT_STATE: AlertState = {
  alerted: 'NONE',
  failedRuns: 0,
  failingSince: null,
  degradedRuns: 0,
  degradedSince: null,
  remindersSent: 0,
  lastAlertAt: null,
};

/** `reminders.amount` 100000 means "until the check recovers". */
export const REMIND_UNTIL_RECOVERED = 100000;

export interface AlertDecision {
  state: AlertState;
  alert: RunAlertType | null;
}

/** True once a streak of `runs` bad runs that began at `since` has lasted long enough to alert. */
export function escalationReached(rules: AlertRules, runs: number, since: number | null, now: number): boolean {
  if (runs < 1) return false;
  if (rules.escalationType === 'TIME_BASED') {
    const minutes = rules.timeBasedEscalation?.minutesFailingThreshold ?? 5;
    return since !== null && now - since >= minutes * 60_000;
  }
  return runs >= (rules.runBasedEscalation?.failedRunThreshold ?? 1);
}

/** A reminder is due when fewer than `amount` were sent and `interval` minutes passed since the last alert. */
export function reminderDue(rules: AlertRules, state: AlertState, now: number): boolean {
  const amount = rules.reminders?.amount ?? 0;
  const interval = rules.reminders?.interval ?? 5;
  if (amount <= 0 || state.lastAlertAt === null) return false;
  if (amount !== REMIND_UNTIL_RECOVERED && state.remindersSent >= amount) return false;
  return now - state.lastAlertAt >= interval * 60_000;
}

function alerting(state: AlertState, alerted: AlertState['alerted'], alert: RunAlertType, now: number): AlertDecision {
  return { state: { ...state, alerted, remindersSent: 0, lastAlertAt: now }, alert };
}

function reminding(state: AlertState, alert: RunAlertType, now: number): AlertDecision {
  return { state: { ...state, remindersSent: state.remindersSent + 1, lastAlertAt: now }, alert };
}

/**
 * The next state after one run, and the alert it raises (at most one):
 * - FAIL: a failure alert once the escalation threshold is reached (ALERT_DEGRADED_FAILURE when a
 *   degradation alert was open), then reminders while it keeps failing.
 * - DEGRADED: a degradation alert once the threshold is reached; ALERT_FAILURE_DEGRADED at once when
 *   a failure alert was open (the check got better); then reminders.
 * - PASS: a recovery only when a failure or degradation alert was sent.
 */
export function nextAlertState(state: AlertState, verdict: RunVerdict, rules: AlertRules, now: number): AlertDecision {
  if (verdict === 'PASS') {
    const cleared: AlertState = { ...INITIAL_ALERT_STATE };
    if (state.alerted === 'FAILURE') return { state: cleared, alert: 'ALERT_RECOVERY' };
    if (state.alerted === 'DEGRADED') return { state: cleared, alert: 'ALERT_DEGRADED_RECOVERY' };
    return { state: cleared, alert: null };
  }

  if (verdict === 'FAIL') {
    const next: AlertState = {
      ...state,
      failedRuns: state.failedRuns + 1,
      failingSince: state.failedRuns > 0 ? state.failingSince : now,
      degradedRuns: 0,
      degradedSince: null,
    };
    if (state.alerted === 'FAILURE') return reminderDue(rules, next, now) ? reminding(next, 'ALERT_FAILURE_REMAIN', now) : { state: next, alert: null };
    if (!escalationReached(rules, next.failedRuns, next.failingSince, now)) return { state: next, alert: null };
    return alerting(next, 'FAILURE', state.alerted === 'DEGRADED' ? 'ALERT_DEGRADED_FAILURE' : 'ALERT_FAILURE', now);
  }

  const next: AlertState = {
    ...state,
    failedRuns: 0,
    failingSince: null,
    degradedRuns: state.degradedRuns + 1,
    degradedSince: state.degradedRuns > 0 ? state.degradedSince : now,
  };
  if (state.alerted === 'FAILURE') return alerting(next, 'DEGRADED', 'ALERT_FAILURE_DEGRADED', now);
  if (state.alerted === 'DEGRADED') return reminderDue(rules, next, now) ? reminding(next, 'ALERT_DEGRADED_REMAIN', now) : { state: next, alert: null };
  if (!escalationReached(rules, next.degradedRuns, next.degradedSince, now)) return { state: next, alert: null };
  return alerting(next, 'DEGRADED', 'ALERT_DEGRADED', now);
}

/** One location's FINAL result as far as alerting cares. */
export interface LocationOutcome {
  location: string;
  failed: boolean;
  degraded: boolean;
  /** Cancelled or dropped: the location did not really run and does not count. */
  skipped: boolean;
}

/**
 * One verdict for a run across its locations, or null when no location really ran.
 * - Without a parallel threshold: any failing location fails the run, else any degraded one degrades it.
 * - With runParallel and parallelRunFailureThreshold enabled: the run fails only when at least
 *   `percentage` % of the locations that ran failed; fewer failures do not count (the run is then
 *   DEGRADED if some location was degraded, else PASS).
 */
export function runVerdict(outcomes: readonly LocationOutcome[], rules: AlertRules, runParallel: boolean): RunVerdict | null {
  const ran = outcomes.filter((o) => !o.skipped);
  if (ran.length === 0) return null;
  const failed = ran.filter((o) => o.failed).length;
  const degraded = ran.some((o) => !o.failed && o.degraded);
  const threshold = rules.parallelRunFailureThreshold;
  if (runParallel && threshold?.enabled) {
    const percentage = threshold.percentage ?? 10;
    if (failed > 0 && failed * 100 >= percentage * ran.length) return 'FAIL';
    return degraded ? 'DEGRADED' : 'PASS';
  }
  if (failed > 0) return 'FAIL';
  return degraded ? 'DEGRADED' : 'PASS';
}

/** Which channel flag a code answers to: sendFailure, sendDegraded or sendRecovery. */
export function channelFlagOf(alert: RunAlertType): 'sendFailure' | 'sendDegraded' | 'sendRecovery' {
  switch (alert) {
    case 'ALERT_FAILURE':
    case 'ALERT_FAILURE_REMAIN':
    case 'ALERT_DEGRADED_FAILURE':
    case 'ALERT_FLAPPING':
      return 'sendFailure';
    case 'ALERT_DEGRADED':
    case 'ALERT_DEGRADED_REMAIN':
    case 'ALERT_FAILURE_DEGRADED':
      return 'sendDegraded';
    case 'ALERT_RECOVERY':
    case 'ALERT_DEGRADED_RECOVERY':
      return 'sendRecovery';
  }
}

/** A check "starts failing" (opens its incident) on these; any recovery resolves it. */
export function opensIncident(alert: RunAlertType): boolean {
  return alert === 'ALERT_FAILURE' || alert === 'ALERT_DEGRADED_FAILURE';
}

export function resolvesIncident(alert: RunAlertType): boolean {
  return alert === 'ALERT_RECOVERY' || alert === 'ALERT_DEGRADED_RECOVERY';
}
