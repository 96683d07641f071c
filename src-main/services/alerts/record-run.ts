import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import { findAlertChannel } from '../../db/repositories/alert-channels';
import { findAlertState, insertCheckAlert, saveAlertState } from '../../db/repositories/alerts';
import type { AlertEvent } from '../../notify/types';
import { channelFlagOf, INITIAL_ALERT_STATE, nextAlertState, runVerdict, type AlertState, type RunAlertType, type RunVerdict } from '../../../src-shared/rules/alerting';
import { storedBodyOf } from '../alert-channels/read-shape';
import type { ServiceDeps } from '../context';
import { enqueueNotification } from '../notifications/outbox';
import { accountDelivery } from '../settings/delivery';
import { loadAlertingCheck, type AlertingCheck } from './effective';
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
}

/** A finished run of a check: one session with the FINAL result of each of its locations. */
export interface AlertRun {
  accountId: string;
  checkId: string;
  checkSessionId: string;
  results: RunResultFacts[];
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

/** The result an alert talks about: a failing one for a failure, a degraded one for a degradation, else the latest. */
function representative(results: RunResultFacts[], verdict: RunVerdict): RunResultFacts | undefined {
  const ran = results.filter((r) => !r.skipped);
  if (verdict === 'FAIL') return ran.find(failed) ?? ran[0];
  if (verdict === 'DEGRADED') return ran.find((r) => r.isDegraded && !failed(r)) ?? ran[0];
  return ran[ran.length - 1];
}

function eventOf(check: AlertingCheck, alert: RunAlertType, result: RunResultFacts | undefined, now: Date): Omit<AlertEvent, 'notificationId'> {
  return {
    alertType: alert,
    checkId: check.checkId,
    checkName: check.name,
    checkType: check.checkType,
    checkResultId: result?.checkResultId ?? null,
    resultLink: result ? `/monitors/${check.checkId}?result=${result.checkResultId}` : null,
    runLocation: result?.runLocation ?? null,
    responseTime: result?.responseTime ?? null,
    startedAt: result?.startedAt ?? null,
    errorMessage: result?.errorMessage ?? null,
    tags: check.tags,
    groupName: check.groupName,
    accountId: check.accountId,
    occurredAt: now.toISOString(),
  };
}

/** Notifications for the alert to every activated channel that asks for its kind, in the caller's transaction. */
function enqueueForChannels(tx: Db, check: AlertingCheck, alert: RunAlertType, checkAlertId: string, result: RunResultFacts | undefined, now: number): string[] {
  const { rateLimit } = accountDelivery(tx, check.accountId);
  const flag = channelFlagOf(alert);
  const ids: string[] = [];
  for (const channelId of check.effective.alertChannelIds) {
    const channel = findAlertChannel(tx, check.accountId, channelId);
    if (!channel || !storedBodyOf(channel)[flag]) continue;
    const entry = { accountId: check.accountId, checkAlertId, alertType: alert, checkId: check.checkId, checkType: check.checkType, checkResultId: result?.checkResultId ?? null };
    ids.push(enqueueNotification(tx, channel, entry, rateLimit, now).id);
  }
  return ids;
}

/**
 * Judges one finished run: updates the check's alert state and, when it raises an alert, records
 * the alert and its notifications (the outbox) in the same transaction. A deactivated check is
 * ignored; a muted one records the alert without notifications. Each session is judged once.
 * After the commit, a triggerIncident opens or resolves the check's incident.
 */
export function recordAlertRun(deps: ServiceDeps, run: AlertRun): RunAlertOutcome {
  const now = deps.clock.now();
  const outcome = transaction(deps.db, (tx): RunAlertOutcome & { check?: AlertingCheck } => {
    const check = loadAlertingCheck(tx, run.accountId, run.checkId);
    if (!check || !check.effective.activated) return NOTHING;
    const verdict = runVerdict(
      run.results.map((r) => ({ location: r.runLocation, failed: failed(r), degraded: r.isDegraded, skipped: r.skipped })),
      check.effective.alertSettings,
      check.effective.runParallel,
    );
    if (verdict === null) return NOTHING;
    const stored = findAlertState(tx, run.checkId);
    if (stored?.lastSessionId === run.checkSessionId) return NOTHING;
    const previous = (stored?.state as AlertState | undefined) ?? INITIAL_ALERT_STATE;
    const decision = nextAlertState(previous, verdict, check.effective.alertSettings, now.getTime());
    saveAlertState(tx, { checkId: run.checkId, accountId: run.accountId, state: { ...decision.state }, lastSessionId: run.checkSessionId, updatedAt: now.getTime() });
    if (!decision.alert) return { ...NOTHING, verdict };

    const result = representative(run.results, verdict);
    const checkAlertId = randomUUID();
    const muted = check.effective.muted;
    insertCheckAlert(tx, {
      id: checkAlertId,
      accountId: run.accountId,
      checkId: run.checkId,
      alertType: decision.alert,
      checkSessionId: run.checkSessionId,
      checkResultId: result?.checkResultId ?? null,
      muted,
      event: { ...eventOf(check, decision.alert, result, now) },
      createdAt: now.getTime(),
    });
    const notificationIds = muted ? [] : enqueueForChannels(tx, check, decision.alert, checkAlertId, result, now.getTime());
    return { verdict, alert: decision.alert, checkAlertId, muted, notificationIds, check };
  });
  const { check, ...result } = outcome;
  if (check && result.alert) followIncident(deps, check, result.alert);
  return result;
}
