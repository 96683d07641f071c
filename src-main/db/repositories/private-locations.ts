import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { agents, checkGroups, checks, privateLocationKeys, privateLocations } from '../tables';
import { all, get, onPostgres, run } from "../dialect";
import { notInList } from '../sql-fragments';
import { lockRowsForShare, lockRowsForUpdate } from '../row-locks';

export type PrivateLocationRow = typeof privateLocations.$inferSelect;
export type PrivateLocationKeyRow = typeof privateLocationKeys.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;

export async function insertPrivateLocation(db: Db, row: PrivateLocationRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(privateLocations).values(row));
}

export async function findPrivateLocation(db: Db, accountId: string, id: string): Promise<PrivateLocationRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(privateLocations)
      .where(and(eq(privateLocations.accountId, accountId), eq(privateLocations.id, id))));
}

/** Slugs compare case-insensitively: `Office` and `office` would be the same location to a person. */
export async function findPrivateLocationBySlug(db: Db, accountId: string, slugName: string): Promise<PrivateLocationRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(privateLocations)
      .where(and(eq(privateLocations.accountId, accountId), onPostgres() ? sql`lower(${privateLocations.slugName}) = lower(${slugName}::text)` : sql`lower(${privateLocations.slugName}) = lower(${slugName})`)));
}

/**
 * The location by slug, kept (FOR SHARE, until commit) for a check or group about to name it: a
 * delete on another server then waits and counts that user. Read again once kept, since a delete
 * that held the row first has gone through by then. On SQLite, one read.
 */
export async function findPrivateLocationBySlugKept(db: Db, accountId: string, slugName: string): Promise<PrivateLocationRow | undefined> {
  const found = await findPrivateLocationBySlug(db, accountId, slugName);
  if (!found || !onPostgres()) return found;
  await lockRowsForShare(db, 'private_locations', 'id', [found.id]);
  return await findPrivateLocation(db, accountId, found.id);
}

/** The location's row locked (FOR UPDATE, until commit) before it is read to be changed or deleted. No-op on SQLite. */
export async function lockPrivateLocation(db: Db, id: string): Promise<void> {
  await lockRowsForUpdate(db, 'private_locations', 'id', [id]);
}

export async function listPrivateLocations(db: Db, accountId: string): Promise<PrivateLocationRow[]> {
  db = await ready(db);
  return await all(db.select().from(privateLocations).where(eq(privateLocations.accountId, accountId)).orderBy(asc(privateLocations.createdAt), asc(privateLocations.slugName)));
}

export async function updatePrivateLocation(db: Db, row: PrivateLocationRow): Promise<void> {
  db = await ready(db);
  await run(db.update(privateLocations)
        .set({ name: row.name, icon: row.icon, proxyUrl: row.proxyUrl, updatedAt: row.updatedAt })
        .where(and(eq(privateLocations.accountId, row.accountId), eq(privateLocations.id, row.id))));
}

export async function deletePrivateLocation(db: Db, accountId: string, id: string): Promise<boolean> {
  db = await ready(db);
  return (await run(db
      .delete(privateLocations)
      .where(and(eq(privateLocations.accountId, accountId), eq(privateLocations.id, id))))).changes > 0;
}

/** Checks and groups that name the slug in their privateLocations. */
export async function countLocationUsers(db: Db, accountId: string, slugName: string, except: { checkIds?: readonly string[]; groupIds?: readonly number[] } = {}): Promise<{ checks: number; groups: number }> {
  db = await ready(db);
  const uses = (body: typeof checks.body | typeof checkGroups.body) =>
    onPostgres()
      ? sql`exists (select 1 from jsonb_array_elements_text(case when jsonb_typeof(${body} -> 'privateLocations') = 'array' then ${body} -> 'privateLocations' else '[]'::jsonb end) as l(value)
          where lower(l.value) = lower(${slugName}::text))`
      : sql`exists (select 1 from json_each(${body}, '$.privateLocations') where lower(json_each.value) = lower(${slugName}))`;
  const notIn = (column: typeof checks.id | typeof checkGroups.id, ids: readonly (string | number)[]) =>
    onPostgres() ? notInList(column, ids) : sql`${column} not in (select value from json_each(${JSON.stringify(ids)}))`;
  const checkCount = await get(db
      .select({ n: count() })
      .from(checks)
      .where(and(eq(checks.accountId, accountId), uses(checks.body), except.checkIds?.length ? notIn(checks.id, except.checkIds) : undefined)));
  const groupCount = await get(db
      .select({ n: count() })
      .from(checkGroups)
      .where(and(eq(checkGroups.accountId, accountId), uses(checkGroups.body), except.groupIds?.length ? notIn(checkGroups.id, except.groupIds) : undefined)));
  return { checks: checkCount?.n ?? 0, groups: groupCount?.n ?? 0 };
}

export async function insertPrivateLocationKey(db: Db, row: PrivateLocationKeyRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(privateLocationKeys).values(row));
}

export async function listKeysOfLocations(db: Db, locationIds: string[]): Promise<PrivateLocationKeyRow[]> {
  db = await ready(db);
  if (locationIds.length === 0) return [];
  return await all(db.select().from(privateLocationKeys).where(inArray(privateLocationKeys.locationId, locationIds)).orderBy(asc(privateLocationKeys.createdAt)));
}

export async function deletePrivateLocationKey(db: Db, locationId: string, keyId: string): Promise<boolean> {
  db = await ready(db);
  return (await run(db
      .delete(privateLocationKeys)
      .where(and(eq(privateLocationKeys.locationId, locationId), eq(privateLocationKeys.id, keyId))))).changes > 0;
}

export async function findLocationByKeyHash(db: Db, keyHash: string): Promise<{ location: PrivateLocationRow; key: PrivateLocationKeyRow } | undefined> {
  db = await ready(db);
  const row = await get(db
      .select({ location: privateLocations, key: privateLocationKeys })
      .from(privateLocationKeys)
      .innerJoin(privateLocations, eq(privateLocations.id, privateLocationKeys.locationId))
      .where(eq(privateLocationKeys.keyHash, keyHash)));
  return row ?? undefined;
}

export async function insertAgent(db: Db, row: typeof agents.$inferInsert): Promise<void> {
  db = await ready(db);
  await run(db.insert(agents).values(row));
}

export async function listAgentsOfLocations(db: Db, locationIds: string[]): Promise<AgentRow[]> {
  db = await ready(db);
  if (locationIds.length === 0) return [];
  return await all(db.select().from(agents).where(inArray(agents.locationId, locationIds)).orderBy(desc(agents.lastSeenAt)));
}

/** Agents last seen in [from, before), with their location: the ones gone silent. */
export async function listAgentsSeenBetween(db: Db, from: number, before: number): Promise<{ agent: AgentRow; location: PrivateLocationRow }[]> {
  db = await ready(db);
  return await all(db
      .select({ agent: agents, location: privateLocations })
      .from(agents)
      .innerJoin(privateLocations, eq(agents.locationId, privateLocations.id))
      .where(and(sql`${agents.lastSeenAt} >= ${from}`, sql`${agents.lastSeenAt} < ${before}`)));
}

/** Agents not seen since `before` are forgotten (their rows only feed the location's agent list). */
export async function deleteAgentsNotSeenSince(db: Db, before: number): Promise<number> {
  db = await ready(db);
  return (await run(db.delete(agents).where(sql`${agents.lastSeenAt} < ${before}`))).changes;
}

/** One more run of the location not run because its agents were unreachable: counted on each of them that is. */
export async function countUnreachableRun(db: Db, accountId: string, slugName: string): Promise<void> {
  db = await ready(db);
  await run(db.update(agents)
        .set({ unreachableRuns: sql`${agents.unreachableRuns} + 1` })
        .where(
          and(
            isNotNull(agents.unreachableSince),
            sql`${agents.locationId} IN (SELECT ${privateLocations.id} FROM ${privateLocations} WHERE ${privateLocations.accountId} = ${accountId} AND lower(${privateLocations.slugName}) = ${slugName.toLowerCase()})`,
          ),
        ));
}

/** An agent's stored state by id alone (the heartbeat's agent, after a restart). */
export async function findAgentById(db: Db, agentId: string): Promise<AgentRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(agents).where(eq(agents.id, agentId)));
}
