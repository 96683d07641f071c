import { randomUUID } from 'node:crypto';
import { afterCommit, type Db } from '../../db/connection';
import { insertCheckAlert } from '../../db/repositories/alerts';
import { activeDependentsOf, dependencyListsOf, dependencyStatuses, idsOf, type DependencyStatusRow } from '../../db/repositories/dependencies';
import { channelFlagOf, type AlertDecision, type AlertState, type RunAlertType } from '../../../src-shared/rules/alerting';
import { effectiveDependencies, HELD_DOWN_NAMES_SHOWN, suppressedText } from '../../../src-shared/rules/dependencies';
import { cadenceOf } from '../../../src-shared/rules/schedule';
import type { ServiceDeps } from '../context';
import type { AlertingCheck } from './effective';
import { triggerDependencies } from './trigger-dependencies';
import { noteHoldDecided } from './held-trust';

/** A FAIL verdict of a dependency holds its dependents down for its period plus this (its recovery re-runs them). */
const FAILING_GRACE_MS = 60_000;

/**
 * A dependency's verdict speaks for a dependent's failure only when it was judged at most this long
 * before that failure was (or after it): an older PASS is no evidence about the moment the dependent
 * failed, so the dependency is run at once and the alert waits for that verdict.
 */
export const FRESH_VERDICT_MS = 5_000;

/**
 * An alert held back until its dependencies' verdicts arrive; kept in the dependent's alert state.
 * `R` is record-run's RunResultFacts (a parameter, so this file does not import record-run back).
 */
export interface HeldAlert<R = unknown> {
  checkSessionId: string;
  alert: RunAlertType;
  result: R | null;
  /** When the run finished (the alert speaks of then) and when it was held (the timeout counts from then), epoch ms. */
  at: number;
  since: number;
}

export type StateWithHold<R = unknown> = AlertState & { held?: HeldAlert<R> };

interface ResultRef {
  checkResultId: string;
}

export type DependencyGate = { kind: 'suppressed'; by: { checkId: string; name: string } } | { kind: 'wait'; trigger: string[] } | null;

interface StoredState {
  failedRuns?: unknown;
}

/** The dependencies that count (activated, in an activated group), by name. */
export async function activeDependencies(db: Db, accountId: string, ids: readonly string[]): Promise<DependencyStatusRow[]> {
  return (await dependencyStatuses(db, accountId, ids))
    .filter((s) => s.activated === 1)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Its last verdict is FAIL, judged at most a period (plus grace) ago. */
export function isFailing(s: DependencyStatusRow, now: number): boolean {
  const recent = s.judgedAt !== null && now - s.judgedAt <= cadenceOf(s.frequency ?? 10, s.frequencyOffset, s.id).periodMs + FAILING_GRACE_MS;
  return recent && s.state !== null && Number((JSON.parse(s.state) as StoredState).failedRuns) > 0;
}

/** Judged no earlier than a few seconds before the dependent's failure (epoch ms) was. */
export function speaksFor(s: DependencyStatusRow, failedAt: number): boolean {
  return s.judgedAt !== null && s.judgedAt >= failedAt - FRESH_VERDICT_MS;
}

/**
 * A run of it started no earlier than a few seconds before the dependent's failure: its verdict
 * speaks for that failure once judged, even when the run has finished and its judgement is not
 * committed yet (no session in flight, the state not judged yet: another run would be started).
 */
function verdictComing(s: DependencyStatusRow, failedAt: number): boolean {
  return s.lastStartedAt !== null && s.lastStartedAt >= failedAt - FRESH_VERDICT_MS;
}

/** A check's effective dependencies (own ∪ group's), or null when the check does not exist. */
export async function effectiveDependenciesOf(db: Db, accountId: string, checkId: string): Promise<string[] | null> {
  const lists = await dependencyListsOf(db, accountId, checkId);
  if (!lists) return null;
  const { own, group } = idsOf(lists);
  return effectiveDependencies(checkId, own, group);
}

/**
 * What a check's dependencies say about an alert for a failure judged at `failedAt`:
 * - suppressed: a dependency's last verdict (at most a period old) is FAIL;
 * - wait: no such failure, but a dependency's verdict is older than the failure by more than a few
 *   seconds; those without a run in flight are run now, and the alert is held for their verdicts;
 * - null: every dependency has a verdict that is not FAIL and speaks for that moment (or it has
 *   none): the check alerts on its own.
 * Deactivated dependencies do not count.
 */
export async function gateOnDependencies(db: Db, accountId: string, checkId: string, now: number, failedAt: number): Promise<DependencyGate> {
  const ids = await effectiveDependenciesOf(db, accountId, checkId) ?? [];
  if (ids.length === 0) return null;
  const statuses = await activeDependencies(db, accountId, ids);
  const failing = statuses.find((s) => isFailing(s, now));
  if (failing) return { kind: 'suppressed', by: { checkId: failing.id, name: failing.name } };
  const awaited = statuses.filter((s) => !speaksFor(s, failedAt));
  if (awaited.length > 0) return { kind: 'wait', trigger: awaited.filter((s) => s.inFlight !== 1).map((s) => s.id) };
  return null;
}

/** Openings of a failure or degradation wait for dependencies; reminders are only suppressed; recoveries pass. */
const OPENINGS: ReadonlySet<RunAlertType> = new Set(['ALERT_FAILURE', 'ALERT_DEGRADED', 'ALERT_DEGRADED_FAILURE']);

/** The state as if the alert had not been raised: the streak counts on, what was sent stays as it was. */
function notRaised(previous: AlertState, decided: AlertState): StateWithHold {
  const { held: _held, ...state } = decided as StateWithHold;
  return { ...state, alerted: previous.alerted, remindersSent: previous.remindersSent, lastAlertAt: previous.lastAlertAt };
}

/** Records the alert that a failing dependency held down: an alert row without notifications, saying why. */
export async function recordSuppressed(tx: Db, check: AlertingCheck, alert: RunAlertType, sessionId: string, result: ResultRef | null, at: number, by: { checkId: string; name: string }, now: number, event: Record<string, unknown>): Promise<void> {
  await insertCheckAlert(tx, {
    id: randomUUID(),
    accountId: check.accountId,
    checkId: check.checkId,
    alertType: alert,
    checkSessionId: sessionId,
    checkResultId: result?.checkResultId ?? null,
    muted: true,
    event: { ...event, suppressedBy: { checkId: by.checkId, checkName: by.name, text: suppressedText(by.name) }, occurredAt: new Date(at).toISOString() },
    createdAt: now,
  });
}

/**
 * The alert decision with the check's dependencies applied (called in the judging transaction).
 * A failure or degradation alert is suppressed while a dependency fails, or held while a dependency's
 * verdict is awaited (see held-alerts.ts for its release); a stale hold is dropped by any new verdict.
 */
export async function applyDependencies<R extends ResultRef>(
  deps: ServiceDeps,
  tx: Db,
  check: AlertingCheck,
  run: { checkSessionId: string; finishedAt?: number },
  previous: AlertState,
  decision: AlertDecision,
  result: R | undefined,
  event: () => Promise<Record<string, unknown>>,
): Promise<AlertDecision> {
  const { held: _stale, ...state } = decision.state as StateWithHold;
  const plain: AlertDecision = { state, alert: decision.alert };
  if (!decision.alert || channelFlagOf(decision.alert) === 'sendRecovery') return plain;
  const now = deps.clock.now().getTime();
  const at = run.finishedAt ?? now;
  const gate = await gateOnDependencies(tx, check.accountId, check.checkId, now, at);
  if (gate === null) return plain;
  if (gate.kind === 'suppressed') {
    await recordSuppressed(tx, check, decision.alert, run.checkSessionId, result ?? null, at, gate.by, now, await event());
    return { state: notRaised(previous, decision.state), alert: null };
  }
  if (!OPENINGS.has(decision.alert)) return plain;
  triggerDependencies(deps, check.accountId, gate.trigger, (s) => !speaksFor(s, at) && !verdictComing(s, at));
  const held: HeldAlert<R> = { checkSessionId: run.checkSessionId, alert: decision.alert, result: result ?? null, at, since: now };
  // Once committed too: a look that ran before the commit did not see it, and must not be trusted.
  noteHoldDecided(deps.runtime);
  afterCommit(tx, () => noteHoldDecided(deps.runtime));
  return { state: { ...notRaised(previous, decision.state), held } as AlertState, alert: null };
}

/** What a failure or degradation alert of a dependency adds to its message: the dependents it holds down. */
export async function heldDownFacts(db: Db, check: { accountId: string; checkId: string }, alert: RunAlertType): Promise<{ heldDown?: { count: number; names: string[] } }> {
  if (channelFlagOf(alert) === 'sendRecovery') return {};
  const dependents = await activeDependentsOf(db, check.accountId, check.checkId);
  if (dependents.length === 0) return {};
  return { heldDown: { count: dependents.length, names: dependents.slice(0, HELD_DOWN_NAMES_SHOWN).map((d) => d.name) } };
}
