import { transaction } from '../../db/connection';
import { findOpenIncidentForCheck, listIncidentUpdates, lockIncidentsOfCheck } from '../../db/repositories/incidents';
import type { IncidentSeverity, IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { loadIncidentView } from './read-shape';
import { insertIncidentRecord, insertUpdateRecord, lockIncident, refreshProgress } from './store';
import { kickSubscriberMail } from './subscriber-mail-kick';

/** What a check's triggerIncident says, for the alerting engine. */
export interface CheckIncidentTrigger {
  checkId: string;
  serviceId: string;
  name: string;
  description: string;
  severity: IncidentSeverity;
  notifySubscribers: boolean;
}

export interface OpenedIncident {
  incident: IncidentView;
  /** false when the check already had an open incident, which is returned unchanged. */
  opened: boolean;
}

/**
 * Opens an INVESTIGATING incident for a failing check, at most one open per check.
 * Throws not_found when the trigger's service no longer exists.
 */
export async function openIncidentForCheck(ctx: ServiceContext, trigger: CheckIncidentTrigger): Promise<OpenedIncident> {
  const result = await transaction(ctx.db, async (tx): Promise<OpenedIncident> => {
    // Another server judging the same check waits here, then finds the incident this one opened.
    await lockIncidentsOfCheck(tx, trigger.checkId);
    const open = await findOpenIncidentForCheck(tx, ctx.accountId, trigger.checkId);
    if (open) return { incident: await loadIncidentView(tx, open), opened: false };
    const row = await insertIncidentRecord(tx, ctx, {
      name: (trigger.name.trim() || 'Check failing').slice(0, 255),
      severity: trigger.severity,
      serviceIds: [trigger.serviceId],
      update: { description: trigger.description.trim() || trigger.name.trim() || 'Check failing', status: 'INVESTIGATING', notifySubscribers: trigger.notifySubscribers },
      sourceCheckId: trigger.checkId,
    });
    return { incident: await loadIncidentView(tx, row), opened: true };
  });
  // Inside the alert's transaction the mailer runs after its commit: the kick only schedules a look.
  if (result.opened && trigger.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return result;
}

/**
 * Closes the check's open incident with a RESOLVED update, notifying subscribers as the
 * opening update did. Answers null when the check has no open incident.
 */
export async function resolveIncidentForCheck(ctx: ServiceContext, checkId: string, description: string): Promise<IncidentView | null> {
  // Every recovery asks; most checks have no open incident: answered without a transaction (or savepoint).
  if (!await findOpenIncidentForCheck(ctx.db, ctx.accountId, checkId)) return null;
  const resolved = await transaction(ctx.db, async (tx) => {
    // Read again under the check's lock: a resolve on another server may have closed it meanwhile
    // (one RESOLVED update, one subscriber mail).
    await lockIncidentsOfCheck(tx, checkId);
    const found = await findOpenIncidentForCheck(tx, ctx.accountId, checkId);
    if (!found) return null;
    // The incident's row, as every writer of its updates takes it (an update added by hand meanwhile is ordered).
    const open = await lockIncident(tx, ctx.accountId, found.id);
    const updates = await listIncidentUpdates(tx, open.id);
    const opening = updates[updates.length - 1];
    const now = ctx.clock.now().toISOString();
    await insertUpdateRecord(tx, open, { description: description.trim() || 'Check recovered', status: 'RESOLVED', notifySubscribers: opening?.notifySubscribers ?? false }, now);
    return await loadIncidentView(tx, await refreshProgress(tx, open, now));
  });
  if (resolved?.incidentUpdates[0]?.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return resolved;
}
