import { randomUUID } from 'node:crypto';
import type { AlertRaisedEvent } from '../../core/events';
import type { Keyring } from '../../core/keyring';
import { transaction, type Db } from '../../db/connection';
import { findAlertChannel } from '../../db/repositories/alert-channels';
import { findAlertState, insertCheckAlert, lockAlertState, moveAlertStateFrom, saveAlertState } from '../../db/repositories/alerts';
import type { AlertEvent } from '../../notify/types';
import type { EvidenceLine } from '../../../src-shared/check-types/define';
import { resultRoute } from '../../../src-shared/rules/console-links';
import { decodeRunId } from '../../../src-shared/rules/run-ids';
import { FLAP_DEFAULTS, flapAfterPassingPass, nextFlapState } from '../../../src-shared/rules/flapping';
import { channelFlagOf, INITIAL_ALERT_STATE, nextAlertState, runVerdict, type AlertState, type RunAlertType, type RunVerdict } from '../../../src-shared/rules/alerting';
import { storedBodyOf } from '../alert-channels';
import type { ServiceDeps } from '../context';
import { enqueueNotification } from '../notifications';
import { accountDelivery } from '../settings';
import { applyDependencies, heldDownFacts, type StateWithHold } from './dependencies';
import { applyFlapping } from './flapping';
import { loadAlertingCheck, type AlertingCheck } from './effective';
import { rerunHeldDownDependents } from './trigger-dependencies';
import { followIncident } from './incidents';

/** One location's FINAL result of a run. */
export interface RunResultFacts {
  checkResultId: string;
  runLocation: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  /** Cancelled or dropped: it did not really run. */
  skipped: boolean;
  responseTime: number | null;
  startedAt: string | null;
  errorMessage: string | null;
  /** What an alert shows beside the error (the failing assertion, the response, the certificate), for types that word it. */
  evidence?: EvidenceLine[];
}

/** A finished run of a check: one session with the FINAL result of each of its locations. */
export interface AlertRun {
  accountId: string;
  checkId: string;
  checkSessionId: string;
  results: RunResultFacts[];
  /** Epoch ms when the session finished: the time the state machine judges at (default: now). */
  finishedAt?: number;
}

export interface RunAlertOutcome {
  verdict: RunVerdict | null;
  alert: RunAlertType | null;
  checkAlertId: string | null;
  muted: boolean;
  notificationIds: string[];
}

const NOTHING: RunAlertOutcome = { verdict: null, alert: null, checkAlertId: null, muted: false, notificationIds: [] };

const failed = (r: RunResultFacts) => r.hasFailures || r.hasErrors;

function isClear(state: AlertState): boolean {
  return state.alerted === 'NONE' && state.failedRuns === 0 && state.degradedRuns === 0;
}

/**
 * The state a passing run leaves when the full judgement would raise nothing and need none of the
 * check's settings: the state is clear (nothing failing, degraded, alerted or held) and the flap
 * history can take the pass without them (`flapAfterPassingPass`). The state stored is then what
 * `nextAlertState` and `applyFlapping` would store; null sends the run through the full judgement.
 * A first run (no state yet) stores clear, with a flap history of two passes.
 */
function stateAfterQuietPass(previous: StateWithHold | undefined, at: number): AlertState | null {
  if (!previous) return { ...INITIAL_ALERT_STATE, flap: nextFlapState(undefined, 'PASS', FLAP_DEFAULTS, at).flap };
  if (!isClear(previous) || previous.held) return null;
  const flap = flapAfterPassingPass(previous.flap);
  if (flap === null) return null;
  // Passes only remembered: nothing changes. Otherwise the pass is recorded, as nextAlertState's clear state.
  return flap === previous.flap ? { ...previous } : { ...INITIAL_ALERT_STATE, ...(flap ? { flap } : {}) };
}

/** The result an alert talks about: a failing one for a failure, a degraded one for a degradation, else the latest. */
function representative(results: RunResultFacts[], verdict: RunVerdict): RunResultFacts | undefined {
  const ran = results.filter((r) => !r.skipped);
  if (verdict === 'FAIL') return ran.find(failed) ?? ran[0];
  if (verdict === 'DEGRADED') return ran.find((r) => r.isDegraded && !failed(r)) ?? ran[0];
  return ran[ran.length - 1];
}

export function eventOf(check: AlertingCheck, alert: RunAlertType, result: RunResultFacts | undefined, now: Date): Omit<AlertEvent, 'notificationId'> {
  return {
    alertType: alert,
    checkId: check.checkId,
    checkName: check.name,
    checkType: check.checkType,
    checkResultId: result?.checkResultId ?? null,
    resultLink: result ? resultRoute(check.checkId, result.checkResultId) : null,
    runLocation: result?.runLocation ?? null,
    responseTime: result?.responseTime ?? null,
    startedAt: result?.startedAt ?? null,
    errorMessage: result?.errorMessage ?? null,
    ...(result?.evidence?.length ? { evidence: result.evidence } : {}),
    tags: check.tags,
    groupName: check.groupName,
    accountId: check.accountId,
    occurredAt: now.toISOString(),
  };
}

/** Notifications for the alert to every activated channel that asks for its kind, in the caller's transaction. */
export async function enqueueForChannels(tx: Db, keyring: Keyring, check: AlertingCheck, alert: RunAlertType, checkAlertId: string, result: RunResultFacts | undefined, now: number): Promise<string[]> {
  const ids: string[] = [];
  // A check with no channel (many heartbeats) does not read the account's delivery settings.
  if (check.effective.alertChannelIds.length === 0) return ids;
  const { rateLimit } = await accountDelivery(tx, keyring, check.accountId);
  const flag = channelFlagOf(alert);
  for (const channelId of check.effective.alertChannelIds) {
    const channel = await findAlertChannel(tx, check.accountId, channelId);
    if (!channel || !storedBodyOf(channel)[flag]) continue;
    const entry = { accountId: check.accountId, checkAlertId, alertType: alert, checkId: check.checkId, checkType: check.checkType, checkResultId: result?.checkResultId ?? null };
    ids.push((await enqueueNotification(tx, keyring, channel, entry, rateLimit, now)).id);
  }
  return ids;
}

/**
 * Has alerting already judged this session? Sessions of a check are judged in id order (ids grow
 * with start order), so anything at or below the last judged one is done, or stale: a session that
 * finished after a newer one was judged would only move the state back in time.
 */
export function alreadyJudged(lastJudged: string | null | undefined, checkSessionId: string): boolean {
  if (!lastJudged) return false;
  const last = decodeRunId('session', lastJudged);
  const current = decodeRunId('session', checkSessionId);
  return last !== null && current !== null ? current <= last : lastJudged === checkSessionId;
}

/**
 * Judges a passing run as it is stored, in the caller's transaction, when alerting would only move
 * the marker: the check's alert state is clear, no flapping is in progress, and the marker is at
 * `previousSessionId` (the check's session just before this one), so nothing older waits to be
 * judged. Answers whether it judged it; otherwise the run goes through `recordAlertRun` as usual.
 */
export async function judgeClearPassAtWrite(tx: Db, run: { accountId: string; checkId: string; checkSessionId: string; previousSessionId: string }, now: number): Promise<boolean> {
  const stored = await findAlertState(tx, run.checkId);
  if (!stored || stored.lastSessionId !== run.previousSessionId) return false;
  const state = stateAfterQuietPass(stored.state as unknown as StateWithHold, now);
  if (!state) return false;
  // Read without a lock (the result's write must not wait on alerting): saved only if no judgement
  // on another server moved the marker meanwhile.
  return await moveAlertStateFrom(tx, { checkId: run.checkId, accountId: run.accountId, state: { ...state }, lastSessionId: run.checkSessionId, updatedAt: now }, run.previousSessionId);
}

/**
 * Judges one finished run: updates the check's alert state, records that the session was judged
 * (last_session_id) and, when it raises an alert, the alert and its notifications (the outbox), all
 * in one transaction, so a session is judged exactly once even across a crash. A deactivated check,
 * or a run with no verdict (nothing really ran), only moves the marker; a muted check records the
 * alert without notifications. A triggerIncident opens or resolves the check's incident in the same
 * transaction (a savepoint), so a crash can lose neither; a failing incident write rolls back only itself.
 */
export async function recordAlertRun(deps: ServiceDeps, run: AlertRun): Promise<RunAlertOutcome> {
  const now = deps.clock.now();
  const at = run.finishedAt ?? now.getTime();
  const raised: AlertRaisedEvent[] = [];
  let stoppedFailing = false;
  const outcome = await transaction(deps.db, async (tx): Promise<RunAlertOutcome> => {
    // Locked for the whole judgement: a judge of the same check on another server waits, then finds the session judged.
    const stored = await lockAlertState(tx, run.checkId);
    if (alreadyJudged(stored?.lastSessionId, run.checkSessionId)) return NOTHING;
    const previous = (stored?.state as AlertState | undefined) ?? INITIAL_ALERT_STATE;
    // The common case: a passing run of a check with nothing pending (or its first run). Whatever the
    // check's settings (even deactivated), the state stays clear and nothing alerts.
    if (run.results.some((r) => !r.skipped) && run.results.every((r) => r.skipped || (!failed(r) && !r.isDegraded))) {
      const state = stateAfterQuietPass(stored?.state as StateWithHold | undefined, at);
      if (state) {
        await saveAlertState(tx, { checkId: run.checkId, accountId: run.accountId, state: { ...state }, lastSessionId: run.checkSessionId, updatedAt: now.getTime() });
        return { ...NOTHING, verdict: 'PASS' };
      }
    }
    const check = await loadAlertingCheck(tx, run.accountId, run.checkId);
    if (!check) return NOTHING;
    const outcomes = run.results.map((r) => ({ location: r.runLocation, failed: failed(r), degraded: r.isDegraded, skipped: r.skipped }));
    const verdict = check.effective.activated ? runVerdict(outcomes, check.effective.alertSettings, check.effective.runParallel) : null;
    const judged = async (state: AlertState) =>
      await saveAlertState(tx, { checkId: run.checkId, accountId: run.accountId, state: { ...state }, lastSessionId: run.checkSessionId, updatedAt: now.getTime() });
    if (verdict === null) {
      await judged(previous);
      return NOTHING;
    }
    stoppedFailing = verdict !== 'FAIL' && previous.failedRuns > 0;
    const result = representative(run.results, verdict);
    // Asked for twice (the dependency gate, then the stored alert): the dependents are read once.
      const heldDown = new Map<RunAlertType, Awaited<ReturnType<typeof heldDownFacts>>>();
    const heldDownOf = async (alert: RunAlertType) => heldDown.get(alert) ?? heldDown.set(alert, await heldDownFacts(tx, check, alert)).get(alert);
    const decided = nextAlertState(previous, verdict, check.effective.alertSettings, at);
    const flapped = applyFlapping(previous, decided, verdict, check.flap, at, result?.errorMessage ?? null);
    const event = async (alert: RunAlertType) => {
      const facts = eventOf(check, alert, result, new Date(at));
      return { ...facts, ...(flapped.note === null ? {} : { errorMessage: flapped.note }), ...await heldDownOf(alert) };
    };
    const decision = await applyDependencies(deps, tx, check, run, previous, flapped.decision, result, () => event(flapped.decision.alert as RunAlertType));
    await judged(decision.state);
    if (!decision.alert) return { ...NOTHING, verdict };

    const checkAlertId = randomUUID();
    const muted = check.effective.muted;
    const inserted = await insertCheckAlert(tx, {
      id: checkAlertId,
      accountId: run.accountId,
      checkId: run.checkId,
      alertType: decision.alert,
      checkSessionId: run.checkSessionId,
      checkResultId: result?.checkResultId ?? null,
      muted,
      event: await event(decision.alert),
      createdAt: now.getTime(),
    });
    // This state change's alert is stored already (the unique key's last guard): it was decided, and sent, once.
    if (!inserted) return { ...NOTHING, verdict };
    const notificationIds = muted ? [] : await enqueueForChannels(tx, deps.keyring, check, decision.alert, checkAlertId, result, now.getTime());
    if (!muted) raised.push(raisedEvent(check, decision.alert, checkAlertId, await event(decision.alert)));
    await followIncident({ ...deps, db: tx }, check, decision.alert);
    return { verdict, alert: decision.alert, checkAlertId, muted, notificationIds };
  });
  for (const alert of raised) deps.runtime.events.emit('alertRaised', alert);
  if (stoppedFailing) rerunHeldDownDependents(deps, run.accountId, run.checkId);
  return outcome;
}

/** What the alertRaised event (emitted after the commit) carries. */
export function raisedEvent(check: AlertingCheck, alert: RunAlertType, checkAlertId: string, event: Omit<AlertEvent, 'notificationId'>): AlertRaisedEvent {
  return { accountId: check.accountId, checkAlertId, checkId: check.checkId, checkName: check.name, alertType: alert, errorMessage: event.errorMessage, occurredAt: event.occurredAt };
}
