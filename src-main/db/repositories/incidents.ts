import { lockKey } from '../row-locks';
import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { incidents, incidentServices, incidentUpdates, statusPageCards, statusPageCardServices, statusPageServices, perDialect } from '../tables';
import type { StatusPageServiceRow } from './status-page-services';
import { all, get, onPostgres, run } from "../dialect";

export type IncidentRow = typeof incidents.$inferSelect;
export type IncidentUpdateRow = typeof incidentUpdates.$inferSelect;

/** Inserts an incident; `sourceCheckId` is set when a check's triggerIncident opened it. */
export async function insertIncident(db: Db, row: IncidentRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(incidents).values(row));
}

export async function findIncident(db: Db, accountId: string, id: string): Promise<IncidentRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(incidents)
      .where(and(eq(incidents.accountId, accountId), eq(incidents.id, id))));
}

/** The incident a check opened that is not yet resolved (at most one per check). */
export async function findOpenIncidentForCheck(db: Db, accountId: string, checkId: string): Promise<IncidentRow | undefined> {
  db = await ready(db);
  const query = prepared(db, 'findOpenIncidentForCheck', (d) =>
    d
      .select()
      .from(incidents)
      .where(and(eq(incidents.accountId, sql.placeholder('accountId')), eq(incidents.sourceCheckId, sql.placeholder('checkId')), ne(incidents.lastUpdateStatus, 'RESOLVED')))
      .orderBy(desc(incidents.createdAt))
      .prepare(),
  );
  return await get(query, { accountId, checkId });
}

/**
 * Until the caller's transaction ends, this transaction alone opens or resolves the incident of the
 * check (servers judging the same check take turns): what findOpenIncidentForCheck answers after it
 * stays true until the commit. A transaction-level advisory lock rather than a unique index on open
 * incidents: an incident resolved by hand can be reopened (its RESOLVED update deleted) after the
 * check opened another one, and that edit must not fail. One process's writes already take turns.
 */
export async function lockIncidentsOfCheck(db: Db, checkId: string): Promise<void> {
  db = await ready(db);
  await lockKey(db, `check_incidents:${checkId}`);
}

/** The ids of incidents naming at least one service that is on one of the page's cards (a subquery). */
function incidentIdsOnPage(db: Db, statusPageId: string) {
  return db
    .select({ id: incidentServices.incidentId })
    .from(incidentServices)
    .innerJoin(statusPageCardServices, eq(statusPageCardServices.serviceId, incidentServices.serviceId))
    .innerJoin(statusPageCards, eq(statusPageCards.id, statusPageCardServices.cardId))
    .where(eq(statusPageCards.statusPageId, statusPageId));
}

/**
 * Newest first; `from` (inclusive) is the first row of the page when paging. With `statusPageId`,
 * only incidents naming at least one service that is on one of that page's cards.
 */
export async function listIncidents(db: Db, accountId: string, limit: number, from?: IncidentRow, statusPageId?: string): Promise<IncidentRow[]> {
  db = await ready(db);
  const parts: (SQL | undefined)[] = [eq(incidents.accountId, accountId)];
  if (statusPageId) parts.push(inArray(incidents.id, incidentIdsOnPage(db, statusPageId)));
  if (from) {
    parts.push(
      or(
        lt(incidents.createdAt, from.createdAt),
        and(eq(incidents.createdAt, from.createdAt), lt(incidents.id, from.id)),
        eq(incidents.id, from.id),
      ),
    );
  }
  return await all(db
      .select()
      .from(incidents)
      .where(and(...parts))
      .orderBy(desc(incidents.createdAt), desc(incidents.id))
      .limit(limit));
}

export async function updateIncident(db: Db, row: IncidentRow): Promise<void> {
  db = await ready(db);
  await run(db.update(incidents)
        .set(row)
        .where(and(eq(incidents.accountId, row.accountId), eq(incidents.id, row.id))));
}

export async function deleteIncident(db: Db, accountId: string, id: string): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .delete(incidents)
            .where(and(eq(incidents.accountId, accountId), eq(incidents.id, id))))).changes > 0
  );
}

export async function replaceIncidentServices(db: Db, incidentId: string, serviceIds: readonly string[]): Promise<void> {
  db = await ready(db);
  await run(db.delete(incidentServices).where(eq(incidentServices.incidentId, incidentId)));
  const unique = [...new Set(serviceIds)];
  if (unique.length > 0) await run(db.insert(incidentServices).values(unique.map((serviceId) => ({ incidentId, serviceId }))));
}

/** The services of each incident, by incident id, ordered by name. */
export async function servicesOfIncidents(db: Db, incidentIds: readonly string[]): Promise<Map<string, StatusPageServiceRow[]>> {
  db = await ready(db);
  const result = new Map<string, StatusPageServiceRow[]>(incidentIds.map((id) => [id, []]));
  if (incidentIds.length === 0) return result;
  const rows = await all(db
      .select({ incidentId: incidentServices.incidentId, service: statusPageServices })
      .from(incidentServices)
      .innerJoin(statusPageServices, eq(statusPageServices.id, incidentServices.serviceId))
      .where(inArray(incidentServices.incidentId, [...incidentIds]))
      .orderBy(asc(statusPageServices.name), asc(statusPageServices.id)));
  for (const row of rows) result.get(row.incidentId)?.push(row.service);
  return result;
}

/**
 * Newest first: by created_at, then by insertion order for updates stored in the same millisecond.
 * PostgreSQL has no rowid: there updates of one millisecond follow the transaction that wrote them
 * last (`age(xmin)`, smallest for the newest; each update is inserted by a transaction of its own),
 * so an update edited later counts as the newer of its millisecond; then the id.
 */
const NEWEST_FIRST = perDialect(() =>
  onPostgres()
    ? [desc(incidentUpdates.createdAt), sql`age(${incidentUpdates}.xmin) asc`, desc(incidentUpdates.id)]
    : [desc(incidentUpdates.createdAt), sql`${incidentUpdates}.rowid desc`],
);

export async function updatesOfIncidents(db: Db, incidentIds: readonly string[]): Promise<Map<string, IncidentUpdateRow[]>> {
  db = await ready(db);
  const result = new Map<string, IncidentUpdateRow[]>(incidentIds.map((id) => [id, []]));
  if (incidentIds.length === 0) return result;
  const rows = await all(db
      .select()
      .from(incidentUpdates)
      .where(inArray(incidentUpdates.incidentId, [...incidentIds]))
      .orderBy(...NEWEST_FIRST()));
  for (const row of rows) result.get(row.incidentId)?.push(row);
  return result;
}

export async function listIncidentUpdates(db: Db, incidentId: string, limit?: number): Promise<IncidentUpdateRow[]> {
  db = await ready(db);
  const query = db
    .select()
    .from(incidentUpdates)
    .where(eq(incidentUpdates.incidentId, incidentId))
    .orderBy(...NEWEST_FIRST());
  return limit === undefined ? await all(query) : await all(query.limit(limit));
}

export async function findIncidentUpdate(db: Db, incidentId: string, id: string): Promise<IncidentUpdateRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(incidentUpdates)
      .where(and(eq(incidentUpdates.incidentId, incidentId), eq(incidentUpdates.id, id))));
}

export async function insertIncidentUpdate(db: Db, row: IncidentUpdateRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(incidentUpdates).values(row));
}

export async function replaceIncidentUpdate(db: Db, row: IncidentUpdateRow): Promise<void> {
  db = await ready(db);
  await run(db.update(incidentUpdates)
        .set(row)
        .where(and(eq(incidentUpdates.incidentId, row.incidentId), eq(incidentUpdates.id, row.id))));
}

export async function deleteIncidentUpdate(db: Db, incidentId: string, id: string): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .delete(incidentUpdates)
            .where(and(eq(incidentUpdates.incidentId, incidentId), eq(incidentUpdates.id, id))))).changes > 0
  );
}

/**
 * Incidents naming a service on one of the page's cards that are open or were resolved at or after
 * `resolvedSince` (ISO), newest first.
 */
export async function incidentsOnStatusPage(db: Db, statusPageId: string, resolvedSince: string, limit: number): Promise<IncidentRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(incidents)
      .where(and(inArray(incidents.id, incidentIdsOnPage(db, statusPageId)), or(ne(incidents.lastUpdateStatus, 'RESOLVED'), gte(incidents.resolvedAt, resolvedSince))))
      .orderBy(desc(incidents.createdAt), desc(incidents.id))
      .limit(limit));
}

export async function findIncidentUpdateById(db: Db, id: string): Promise<IncidentUpdateRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(incidentUpdates).where(eq(incidentUpdates.id, id)));
}
