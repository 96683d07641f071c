import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { lockRowsForShare, lockRowsForUpdate } from '../../db/row-locks';
import { findIncident, insertIncident, insertIncidentUpdate, listIncidentUpdates, replaceIncidentServices, updateIncident, type IncidentRow, type IncidentUpdateRow } from '../../db/repositories/incidents';
import { enqueueUpdateEmails } from '../../db/repositories/status-page-emails';
import { findStatusPageServices } from '../../db/repositories/status-page-services';
import type { IncidentProgress, IncidentSeverity } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { deriveProgress } from './progress';

export async function requireIncident(tx: Db, accountId: string, id: string): Promise<IncidentRow> {
  const row = await findIncident(tx, accountId, id);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * The incident, locked for the rest of the transaction (call inside one): every write that merges
 * the stored row or decides from its updates (edits, new updates, the last update kept) takes turns
 * on it, so two servers never both decide from what the other is changing.
 */
export async function lockIncident(tx: Db, accountId: string, id: string): Promise<IncidentRow> {
  await lockRowsForUpdate(tx, 'incidents', 'id', [id]);
  return await requireIncident(tx, accountId, id);
}

/** Every named service must exist in the account: the spec answers 404 Not Found otherwise (4.7). */
export async function assertServicesExist(tx: Db, accountId: string, serviceIds: readonly string[]): Promise<void> {
  const unique = [...new Set(serviceIds)];
  // Kept until the commit: a service deleted meanwhile would fail the links' foreign key instead of this 404.
  await lockRowsForShare(tx, 'status_page_services', 'id', unique);
  if ((await findStatusPageServices(tx, accountId, unique)).length !== unique.length) throw AppError.notFound();
}

export interface NewUpdate {
  description: string;
  status: IncidentProgress;
  notifySubscribers: boolean;
  publicIncidentUpdateDate?: string;
}

export interface NewIncident {
  name: string;
  severity: IncidentSeverity;
  serviceIds: readonly string[];
  update: NewUpdate;
  /** The check whose triggerIncident opened it; null for incidents made by hand. */
  sourceCheckId: string | null;
}

/** Stores an incident with its services and its first update; call inside a transaction. */
export async function insertIncidentRecord(tx: Db, ctx: ServiceContext, input: NewIncident): Promise<IncidentRow> {
  await assertServicesExist(tx, ctx.accountId, input.serviceIds);
  const now = ctx.clock.now().toISOString();
  const row: IncidentRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    name: input.name,
    severity: input.severity,
    lastUpdateStatus: input.update.status,
    sourceCheckId: input.sourceCheckId,
    createdAt: now,
    updatedAt: now,
    resolvedAt: null,
  };
  await insertIncident(tx, row);
  await replaceIncidentServices(tx, row.id, input.serviceIds);
  await insertUpdateRecord(tx, row, input.update, now);
  return await refreshProgress(tx, row, null);
}

/**
 * Stores an update; with notifySubscribers it is queued, in the same transaction, for the confirmed
 * subscribers of every published page showing one of the incident's services (call kickSubscriberMail after the commit).
 */
export async function insertUpdateRecord(tx: Db, incident: Pick<IncidentRow, 'id' | 'accountId'>, update: NewUpdate, now: string): Promise<IncidentUpdateRow> {
  const row: IncidentUpdateRow = {
    id: randomUUID(),
    incidentId: incident.id,
    status: update.status,
    description: update.description,
    notifySubscribers: update.notifySubscribers,
    publicIncidentUpdateDate: update.publicIncidentUpdateDate ?? now,
    createdAt: now,
    updatedAt: null,
  };
  await insertIncidentUpdate(tx, row);
  if (row.notifySubscribers) await enqueueUpdateEmails(tx, incident.accountId, row.id, Date.parse(now));
  return row;
}

/** Mirrors the newest update into the incident (lastUpdateStatus, resolution time). */
export async function refreshProgress(tx: Db, incident: IncidentRow, updatedAt: string | null): Promise<IncidentRow> {
  const progress = deriveProgress(await listIncidentUpdates(tx, incident.id));
  const row: IncidentRow = { ...incident, ...progress, updatedAt: updatedAt ?? incident.updatedAt };
  await updateIncident(tx, row);
  return row;
}
