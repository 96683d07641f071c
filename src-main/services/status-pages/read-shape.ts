import type { Db } from '../../db/connection';
import { servicesOfIncidents, updatesOfIncidents, type IncidentRow, type IncidentUpdateRow } from '../../db/repositories/incidents';
import type { StatusPageServiceRow } from '../../db/repositories/status-page-services';
import type { IncidentProgress, IncidentSeverity, IncidentUpdateView, IncidentView, StatusPageServiceView } from '../../../src-shared/schemas/status-page';
import { durationSeconds } from './progress';

export function toServiceView(row: StatusPageServiceRow): StatusPageServiceView {
  return { name: row.name, id: row.id, accountId: row.accountId, created_at: row.createdAt, updated_at: row.updatedAt };
}

export function toIncidentUpdateView(row: IncidentUpdateRow): IncidentUpdateView {
  return {
    id: row.id,
    description: row.description,
    status: row.status as IncidentProgress,
    publicIncidentUpdateDate: row.publicIncidentUpdateDate,
    created_at: row.createdAt,
    notifySubscribers: row.notifySubscribers,
  };
}

export function toIncidentView(row: IncidentRow, services: StatusPageServiceRow[], updates: IncidentUpdateRow[]): IncidentView {
  return {
    id: row.id,
    name: row.name,
    severity: row.severity as IncidentSeverity,
    lastUpdateStatus: row.lastUpdateStatus as IncidentProgress,
    services: services.map(toServiceView),
    incidentUpdates: updates.map(toIncidentUpdateView),
    created_at: row.createdAt,
    // The public read shape does not allow null: an incident stored before this rule reads as never changed.
    updated_at: row.updatedAt ?? row.createdAt,
    duration: durationSeconds(row.createdAt, row.resolvedAt),
  };
}

/** The public read shapes of several incidents with their services and updates (newest update first). */
export async function loadIncidentViews(db: Db, rows: readonly IncidentRow[]): Promise<IncidentView[]> {
  const ids = rows.map((row) => row.id);
  const services = await servicesOfIncidents(db, ids);
  const updates = await updatesOfIncidents(db, ids);
  return rows.map((row) => toIncidentView(row, services.get(row.id) ?? [], updates.get(row.id) ?? []));
}

export async function loadIncidentView(db: Db, row: IncidentRow): Promise<IncidentView> {
  const [view] = await loadIncidentViews(db, [row]);
  if (!view) throw new Error(`incident ${row.id} vanished while reading it`);
  return view;
}
