import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { insertCheckAlert, lockAlertState, saveAlertState } from '../../db/repositories/alerts';
import { heldAlertStates } from '../../db/repositories/dependencies';
import { channelFlagOf, type AlertState } from '../../../src-shared/rules/alerting';
import type { AlertRaisedEvent } from '../../core/events';
import type { ServiceDeps } from '../context';
import { gateOnDependencies, heldDownFacts, recordSuppressed, type StateWithHold } from './dependencies';
import { loadAlertingCheck } from './effective';
import { followIncident } from './incidents';
import { enqueueForChannels, eventOf, raisedEvent, type RunResultFacts } from './record-run';
import { NONE_HELD_TRUST_MS, noneHeldState } from './held-trust';

/** A held alert whose dependencies give no verdict within this is raised on its own. */
export const HOLD_TIMEOUT_MS = 3 * 60_000;

/** How often the alerting loop looks for held alerts that timed out (or whose verdict event was missed). */
export const HELD_SWEEP_INTERVAL_MS = 5_000;

type Release = 'raised' | 'suppressed' | 'dropped' | 'waiting';

/**
 * Settles one held alert in its own transaction: raised when its dependencies passed (or the hold
 * timed out), recorded as suppressed when one now fails, kept while a verdict is still awaited.
 */
async function releaseOne(deps: ServiceDeps, accountId: string, checkId: string): Promise<{ release: Release; notificationIds: string[] }> {
  const raised: AlertRaisedEvent[] = [];
  const released = await transaction(deps.db, async (tx) => {
    // Locked: a release on another server (or a judgement of the same check) waits, then finds the hold gone.
    const stored = await lockAlertState(tx, checkId);
    const state = stored?.state as StateWithHold<RunResultFacts> | undefined;
    const held = state?.held;
    if (!stored || !state || !held) return { release: 'dropped' as Release, notificationIds: [] };
    const now = deps.clock.now().getTime();
    const { held: _held, ...rest } = state;
    const save = (next: AlertState) => saveAlertState(tx, { ...stored, state: { ...next }, updatedAt: stored.updatedAt });
    const check = await loadAlertingCheck(tx, accountId, checkId);
    if (!check || !check.effective.activated) {
      await save(rest);
      return { release: 'dropped' as Release, notificationIds: [] };
    }
    const gate = now - held.since >= HOLD_TIMEOUT_MS ? null : await gateOnDependencies(tx, accountId, checkId, now, held.at);
    if (gate?.kind === 'wait') return { release: 'waiting' as Release, notificationIds: [] };
    const event = { ...eventOf(check, held.alert, held.result ?? undefined, new Date(held.at)), ...await heldDownFacts(tx, check, held.alert) };
    if (gate?.kind === 'suppressed') {
      await recordSuppressed(tx, check, held.alert, held.checkSessionId, held.result, held.at, gate.by, now, event);
      await save(rest);
      return { release: 'suppressed' as Release, notificationIds: [] };
    }
    await save({ ...rest, alerted: channelFlagOf(held.alert) === 'sendFailure' ? 'FAILURE' : 'DEGRADED', remindersSent: 0, lastAlertAt: now });
    const checkAlertId = randomUUID();
    const inserted = await insertCheckAlert(tx, {
      id: checkAlertId,
      accountId,
      checkId,
      alertType: held.alert,
      checkSessionId: held.checkSessionId,
      checkResultId: held.result?.checkResultId ?? null,
      muted: check.effective.muted,
      event,
      createdAt: now,
    });
    // Released elsewhere already (the unique key's last guard): nothing more follows from this one.
    if (!inserted) return { release: 'dropped' as Release, notificationIds: [] };
    const notificationIds = check.effective.muted ? [] : await enqueueForChannels(tx, deps.keyring, check, held.alert, checkAlertId, held.result ?? undefined, now);
    if (!check.effective.muted) raised.push(raisedEvent(check, held.alert, checkAlertId, event));
    await followIncident({ ...deps, db: tx }, check, held.alert);
    return { release: 'raised' as Release, notificationIds };
  });
  for (const alert of raised) deps.runtime.events.emit('alertRaised', alert);
  return released;
}

/**
 * Settles every held alert that can be settled now: called after any check's run is judged (it may
 * be the verdict a hold waits for) and on a timer (for timeouts). Returns how each hold went.
 */
export async function releaseHeldAlerts(deps: ServiceDeps): Promise<Release[]> {
  const releases: Release[] = [];
  let kick = false;
  const trust = noneHeldState(deps.runtime);
  if (performance.now() < trust.until) return releases;
  const generation = trust.generation;
  const held = await heldAlertStates(deps.db);
  // Trusted only if no hold was decided here while the query ran (it may not have seen that one).
  if (held.length === 0 && trust.generation === generation) trust.until = performance.now() + NONE_HELD_TRUST_MS;
  for (const { accountId, checkId } of held) {
    try {
      const { release, notificationIds } = await releaseOne(deps, accountId, checkId);
      releases.push(release);
      kick ||= notificationIds.length > 0;
    } catch (error) {
      deps.logger.error({ err: error, checkId }, 'alerting could not settle an alert held for a dependency');
    }
  }
  if (kick) deps.runtime.dispatch?.kick();
  return releases;
}
