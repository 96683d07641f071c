import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { connectionOf, type Db, ready } from '../connection';
import { alertSubscriptions, projectBindings, projects } from '../tables';
import { inJsonArray } from './checks';
import { lockRowsForUpdate } from '../row-locks';
import { all, allSql, get, getSql, onPostgres, run, runSql } from "../dialect";

/** Rows per statement of a PostgreSQL batch write. */
const PG_CHUNK = 1000;

export type ProjectRow = typeof projects.$inferSelect;
export type BindingRow = typeof projectBindings.$inferSelect;
export type NewBindingRow = Omit<BindingRow, 'id'>;

/** A binding with the project it belongs to, as read shapes report it. */
export interface BindingWithProject {
  resourceId: string;
  logicalId: string;
  member: boolean;
  pending: boolean;
  sourceFile: string | null;
  createdAt: string;
  project: { id: string; logicalId: string; name: string };
}

export async function findProjectByLogicalId(db: Db, accountId: string, logicalId: string): Promise<ProjectRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(projects)
      .where(and(eq(projects.accountId, accountId), eq(projects.logicalId, logicalId))));
}

/**
 * The project of a logical id, locked for the rest of the calling transaction (`FOR UPDATE`), read
 * again once held; undefined when there is none. Writes that decide from a project's bindings or
 * history (a deploy's commit, a recorded refusal) take turns on it across servers.
 */
export async function lockProjectByLogicalId(db: Db, accountId: string, logicalId: string): Promise<ProjectRow | undefined> {
  const found = await findProjectByLogicalId(db, accountId, logicalId);
  if (!found) return undefined;
  await lockRowsForUpdate(db, 'projects', 'id', [found.id]);
  return await findProjectByLogicalId(db, accountId, logicalId);
}

/**
 * `row`'s project, inserted unless one of its logical id exists (`ON CONFLICT DO NOTHING` on
 * (account, logical id): two first deploys at once store one project), then locked as
 * lockProjectByLogicalId does. `created` says whether this call stored it.
 */
export async function claimProject(db: Db, row: ProjectRow): Promise<{ project: ProjectRow; created: boolean }> {
  db = await ready(db);
  const inserted = await get(db.insert(projects).values(row).onConflictDoNothing({ target: [projects.accountId, projects.logicalId] }).returning());
  if (inserted) return { project: inserted, created: true };
  const project = await lockProjectByLogicalId(db, row.accountId, row.logicalId);
  if (!project) throw new Error(`project "${row.logicalId}" was neither inserted nor found`);
  return { project, created: false };
}

/** Inserts the project unless its logical id is taken; false when it was (nothing stored). */
export async function insertProjectIfMissing(db: Db, row: ProjectRow): Promise<boolean> {
  db = await ready(db);
  return (await run(db.insert(projects).values(row).onConflictDoNothing({ target: [projects.accountId, projects.logicalId] }))).changes > 0;
}

export async function updateProject(db: Db, id: string, set: Pick<ProjectRow, 'name' | 'repoUrl' | 'updatedAt'>): Promise<void> {
  db = await ready(db);
  await run(db.update(projects).set(set).where(eq(projects.id, id)));
}

export async function deleteProject(db: Db, id: string): Promise<void> {
  db = await ready(db);
  await run(db.delete(projects).where(eq(projects.id, id)));
}

/** Bindings of one resource type for a page of physical ids, with their projects: one query. */
export async function bindingsOfResources(db: Db, accountId: string, resourceType: string, resourceIds: readonly string[]): Promise<BindingWithProject[]> {
  db = await ready(db);
  if (resourceIds.length === 0) return [];
  const out: BindingWithProject[] = [];
  // Under SQLite's bound-parameter limit per statement.
  for (let i = 0; i < resourceIds.length; i += 30_000) {
    const chunk = resourceIds.slice(i, i + 30_000);
    out.push(
      ...await all(db
                .select({
                  resourceId: projectBindings.resourceId,
                  logicalId: projectBindings.logicalId,
                  member: projectBindings.member,
                  pending: projectBindings.pending,
                  sourceFile: projectBindings.sourceFile,
                  createdAt: projectBindings.createdAt,
                  project: { id: projects.id, logicalId: projects.logicalId, name: projects.name },
                })
                .from(projectBindings)
                .innerJoin(projects, eq(projects.id, projectBindings.projectId))
                .where(and(eq(projectBindings.accountId, accountId), eq(projectBindings.resourceType, resourceType), inArray(projectBindings.resourceId, chunk)))
                .orderBy(asc(projectBindings.id))),
    );
  }
  return out;
}

/** Every binding of a project (pending ones included: the caller decides). */
export async function bindingsOfProject(db: Db, projectId: string): Promise<BindingRow[]> {
  db = await ready(db);
  return await all(db.select().from(projectBindings).where(eq(projectBindings.projectId, projectId)).orderBy(asc(projectBindings.id)));
}

/**
 * A page of the project's bindings in the order of its unique index (type, logical id): those after
 * `after`, at most `limit`. Walks the index, so no page sorts the whole project.
 */
export async function bindingsOfProjectPage(db: Db, projectId: string, after: { resourceType: string; logicalId: string } | null, limit: number): Promise<BindingRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(projectBindings)
      .where(and(eq(projectBindings.projectId, projectId), after ? sql`(${projectBindings.resourceType}, ${projectBindings.logicalId}) > (${after.resourceType}, ${after.logicalId})` : undefined))
      .orderBy(asc(projectBindings.resourceType), asc(projectBindings.logicalId))
      .limit(limit));
}

/** The owner bindings other projects hold on these resources of one type. */
export async function foreignOwners(db: Db, accountId: string, projectId: string, resourceType: string, resourceIds: readonly string[]): Promise<BindingWithProject[]> {
  db = await ready(db);
  return (await bindingsOfResources(db, accountId, resourceType, resourceIds)).filter((binding) => binding.member && binding.project.id !== projectId);
}

export async function insertBinding(db: Db, row: NewBindingRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(projectBindings).values(row));
}

export async function deleteBinding(db: Db, id: number): Promise<void> {
  db = await ready(db);
  await run(db.delete(projectBindings).where(eq(projectBindings.id, id)));
}

/** Many bindings through one prepared statement (a deploy's commit). */
export async function insertBindings(db: Db, rows: readonly NewBindingRow[]): Promise<void> {
  db = await ready(db);
  if (rows.length === 0) return;
  if (onPostgres()) {
    for (let i = 0; i < rows.length; i += PG_CHUNK) await run(db.insert(projectBindings).values(rows.slice(i, i + PG_CHUNK)));
    return;
  }
  const statement = connectionOf(db).prepare(
    'insert into project_bindings (account_id, project_id, resource_type, resource_id, logical_id, member, pending, source_file, import_plan_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const r of rows) statement.run(r.accountId, r.projectId, r.resourceType, r.resourceId, r.logicalId, r.member ? 1 : 0, r.pending ? 1 : 0, r.sourceFile, r.importPlanId, r.createdAt, r.updatedAt);
}

export interface BindingUpdate {
  id: number;
  set: Pick<BindingRow, 'resourceId' | 'member' | 'pending' | 'sourceFile' | 'updatedAt'>;
}

/** Many bindings updated through one prepared statement (a deploy's commit). */
export async function updateBindings(db: Db, updates: readonly BindingUpdate[]): Promise<void> {
  db = await ready(db);
  if (updates.length === 0) return;
  if (onPostgres()) {
    // One statement per chunk: the updates travel as one jsonb parameter, unpacked into a table to join on.
    for (let i = 0; i < updates.length; i += PG_CHUNK) {
      const values = updates.slice(i, i + PG_CHUNK).map(({ id, set }) => ({
        id,
        resource_id: set.resourceId,
        member: set.member,
        pending: set.pending,
        source_file: set.sourceFile,
        updated_at: set.updatedAt,
      }));
      await runSql(db, sql`update ${projectBindings} as b set resource_id = v.resource_id, member = v.member, pending = v.pending, source_file = v.source_file, updated_at = v.updated_at
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id integer, resource_id text, member boolean, pending boolean, source_file text, updated_at text)
        where b.id = v.id`);
    }
    return;
  }
  const statement = connectionOf(db).prepare('update project_bindings set resource_id = ?, member = ?, pending = ?, source_file = ?, updated_at = ? where id = ?');
  for (const { id, set } of updates) statement.run(set.resourceId, set.member ? 1 : 0, set.pending ? 1 : 0, set.sourceFile, set.updatedAt, id);
}

export async function deleteBindings(db: Db, ids: readonly number[]): Promise<void> {
  db = await ready(db);
  if (ids.length > 0) await run(db.delete(projectBindings).where(inJsonArray(projectBindings.id, ids)));
}

export interface SubscriptionTarget {
  id: number;
  alertChannelId: number;
  checkId: string | null;
  groupId: number | null;
}

/** The account's subscriptions of these checks and groups, in one query per batch: what a deploy's folded subscriptions are bound to. */
export async function subscriptionsOfTargets(db: Db, accountId: string, checkIds: readonly string[], groupIds: readonly number[]): Promise<SubscriptionTarget[]> {
  db = await ready(db);
  const columns = { id: alertSubscriptions.id, alertChannelId: alertSubscriptions.alertChannelId, checkId: alertSubscriptions.checkId, groupId: alertSubscriptions.groupId };
  const out: SubscriptionTarget[] = [];
  if (checkIds.length > 0) out.push(...await all(db.select(columns).from(alertSubscriptions).where(and(eq(alertSubscriptions.accountId, accountId), inJsonArray(alertSubscriptions.checkId, checkIds)))));
  if (groupIds.length > 0) out.push(...await all(db.select(columns).from(alertSubscriptions).where(and(eq(alertSubscriptions.accountId, accountId), inJsonArray(alertSubscriptions.groupId, groupIds)))));
  return out;
}

/** Whether each of these subscriptions (by row id) is activated; ids with no row are absent. */
export async function subscriptionActivations(db: Db, accountId: string, ids: readonly number[]): Promise<Map<number, boolean>> {
  db = await ready(db);
  if (ids.length === 0) return new Map();
  const rows = await all(db
      .select({ id: alertSubscriptions.id, activated: alertSubscriptions.activated })
      .from(alertSubscriptions)
      .where(and(eq(alertSubscriptions.accountId, accountId), inJsonArray(alertSubscriptions.id, ids))));
  return new Map(rows.map((row) => [row.id, row.activated]));
}

/**
 * How many bindings the project has, and those written (created or updated) at or after `since`
 * with when: every binding write stamps its time, so a read of the bindings made after `since`
 * still holds while the count is the same and every binding listed is as read. One pass over the
 * project's rows (~1 ms for 5,000, where bindingsStamp builds a 300 KB string in ~9 ms).
 */
export async function bindingsWrittenSince(db: Db, projectId: string, since: string): Promise<{ count: number; written: { id: number; writtenAt: string }[] }> {
  db = await ready(db);
  const writtenAt = sql`coalesce(${projectBindings.updatedAt}, ${projectBindings.createdAt})`;
  const count = (await getSql<{ n: number }>(db, sql`select ${onPostgres() ? sql`count(*)::integer` : sql`count(*)`} as n from ${projectBindings} where ${projectBindings.projectId} = ${projectId}`))?.n ?? 0;
  const written = await allSql<{ id: number; writtenAt: string }>(db, sql`select ${projectBindings.id} as id, ${writtenAt} as "writtenAt" from ${projectBindings} where ${projectBindings.projectId} = ${projectId} and ${writtenAt} >= ${since}`);
  return { count, written };
}

/** One string that changes whenever any binding of the project is added, removed or rewritten (computed in SQL, so cheap inside a transaction). */
export async function bindingsStamp(db: Db, projectId: string): Promise<string> {
  db = await ready(db);
  const concat = onPostgres() ? sql.raw('string_agg') : sql.raw('group_concat');
  const row = await getSql<{ stamp: string | null }>(db, sql`select ${concat}(id || ':' || resource_type || ':' || logical_id || ':' || resource_id || ':' || member || ':' || pending || ':' || coalesce(updated_at, ''), '|' order by id) as stamp
      from ${projectBindings} where project_id = ${projectId}`);
  return row?.stamp ?? '';
}
