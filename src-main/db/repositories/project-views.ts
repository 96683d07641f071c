import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { alertChannels, checkGroups, checks, deployments, projectBindings, projects, statusPages, perDialect } from '../tables';
import { all, get, onPostgres } from "../dialect";
import { jsonText } from '../sql-fragments';

// Reads for the console's view of monitoring as code: projects, their bindings and deployments.

export type ProjectRow = typeof projects.$inferSelect;
export type DeploymentRow = typeof deployments.$inferSelect;

export interface ProjectSummaryRow extends ProjectRow {
  owned: number;
  referenced: number;
  pending: number;
}

/** The account's projects by name, with how many resources each owns, references and has pending (one grouped pass). */
export async function listProjectSummaries(db: Db, accountId: string): Promise<ProjectSummaryRow[]> {
  db = await ready(db);
  return await all(db
      .select({
        id: projects.id,
        accountId: projects.accountId,
        logicalId: projects.logicalId,
        name: projects.name,
        repoUrl: projects.repoUrl,
        createdAt: projects.createdAt,
        updatedAt: projects.updatedAt,
        // Numbers on PostgreSQL too, where sum() is a bigint (drizzle reads it as text).
        owned: sql<number>`coalesce(sum(case when ${projectBindings.member} then 1 else 0 end), 0)`.mapWith(Number),
        referenced: sql<number>`coalesce(sum(case when not ${projectBindings.member} then 1 else 0 end), 0)`.mapWith(Number),
        pending: sql<number>`coalesce(sum(case when ${projectBindings.pending} then 1 else 0 end), 0)`.mapWith(Number),
      })
      .from(projects)
      .leftJoin(projectBindings, eq(projectBindings.projectId, projects.id))
      .where(eq(projects.accountId, accountId))
      .groupBy(projects.id)
      .orderBy(sql`lower(${projects.name})`, projects.logicalId));
}

export async function findProject(db: Db, accountId: string, id: string): Promise<ProjectRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(projects)
      .where(and(eq(projects.accountId, accountId), eq(projects.id, id))));
}

/** The newest deployment of each of the given projects (the deployments_project index, one walk each). */
export async function latestDeployments(db: Db, projectIds: readonly string[]): Promise<DeploymentRow[]> {
  db = await ready(db);
  if (projectIds.length === 0) return [];
  return await all(db
      .select()
      .from(deployments)
      .where(
        and(
          inArray(deployments.projectId, [...projectIds]),
          onPostgres()
            ? sql`${deployments.id} = (select d.id from ${deployments} d where d.project_id = ${deployments.projectId} order by d.created_at desc, d.id desc limit 1)`
            : sql`${deployments.id} = (select d.id from ${deployments} d where d.project_id = ${deployments.projectId} order by d.created_at desc, d.rowid desc limit 1)`,
        ),
      ));
}

export async function recentDeployments(db: Db, projectId: string, limit: number): Promise<DeploymentRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(deployments)
      .where(eq(deployments.projectId, projectId))
      .orderBy(desc(deployments.createdAt), onPostgres() ? desc(deployments.id) : sql`${deployments}.rowid desc`)
      .limit(limit));
}

export interface BindingRow {
  resourceType: string;
  resourceId: string;
  logicalId: string;
  member: boolean;
  pending: boolean;
  sourceFile: string | null;
  /** The resource's name where its type has one; null when it is gone or has none. */
  resourceName: string | null;
  /** Whether the bound resource still exists (for the types the console can tell). */
  exists: boolean | null;
}

const BOUND = (type: string) => sql`${projectBindings.resourceType} = ${type}`;

// Alert channels have no name column: their config's name or address stands in (never a URL or key, which may carry a secret).
const CHANNEL_NAME = perDialect(() => sql<string | null>`coalesce(${jsonText(alertChannels.body, '$.config.name')}, ${jsonText(alertChannels.body, '$.config.address')})`);

/**
 * A resource with an integer id bound by `resource_id` (its id as text). PostgreSQL compares the
 * text (a cast of another type's uuid to integer would fail there: its joins do not stop at the
 * type test); SQLite casts, using the integer primary key.
 */
function sameId(id: typeof checkGroups.id | typeof alertChannels.id): SQL {
  return onPostgres() ? sql`cast(${id} as text) = ${projectBindings.resourceId}` : sql`${id} = cast(${projectBindings.resourceId} as integer)`;
}

/** A project's bindings with the name of each bound resource: one query, joined by type. */
export async function projectBindingRows(db: Db, accountId: string, projectId: string): Promise<BindingRow[]> {
  db = await ready(db);
  const rows = await all(db
      .select({
        resourceType: projectBindings.resourceType,
        resourceId: projectBindings.resourceId,
        logicalId: projectBindings.logicalId,
        member: projectBindings.member,
        pending: projectBindings.pending,
        sourceFile: projectBindings.sourceFile,
        checkName: checks.name,
        groupName: checkGroups.name,
        channelId: alertChannels.id,
        channelName: CHANNEL_NAME(),
        pageName: statusPages.name,
      })
      .from(projectBindings)
      .leftJoin(checks, and(BOUND('check'), eq(checks.id, projectBindings.resourceId), eq(checks.accountId, accountId)))
      .leftJoin(checkGroups, and(BOUND('check-group'), sameId(checkGroups.id), eq(checkGroups.accountId, accountId)))
      .leftJoin(alertChannels, and(BOUND('alert-channel'), sameId(alertChannels.id), eq(alertChannels.accountId, accountId)))
      .leftJoin(statusPages, and(BOUND('status-page'), eq(statusPages.id, projectBindings.resourceId), eq(statusPages.accountId, accountId)))
      .where(and(eq(projectBindings.accountId, accountId), eq(projectBindings.projectId, projectId)))
      .orderBy(projectBindings.resourceType, projectBindings.logicalId));
  return rows.map((row) => {
    const known: Record<string, boolean> = {
      check: row.checkName !== null,
      'check-group': row.groupName !== null,
      'alert-channel': row.channelId !== null,
      'status-page': row.pageName !== null,
    };
    return {
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      logicalId: row.logicalId,
      member: row.member,
      pending: row.pending,
      sourceFile: row.sourceFile,
      resourceName: row.checkName ?? row.groupName ?? row.channelName ?? row.pageName ?? null,
      exists: row.resourceType in known ? known[row.resourceType] : null,
    };
  });
}

export interface OwnerBindingRow {
  resourceId: string;
  logicalId: string;
  sourceFile: string | null;
  pending: boolean;
  projectId: string;
  projectLogicalId: string;
  projectName: string;
}

/** The owning project of each of the given resources of one type (one indexed batch; unowned ones are left out). */
export async function ownerBindingsOf(db: Db, accountId: string, resourceType: string, resourceIds: readonly string[]): Promise<OwnerBindingRow[]> {
  db = await ready(db);
  if (resourceIds.length === 0) return [];
  return await all(db
      .select({
        resourceId: projectBindings.resourceId,
        logicalId: projectBindings.logicalId,
        sourceFile: projectBindings.sourceFile,
        pending: projectBindings.pending,
        projectId: projects.id,
        projectLogicalId: projects.logicalId,
        projectName: projects.name,
      })
      .from(projectBindings)
      .innerJoin(projects, eq(projects.id, projectBindings.projectId))
      .where(
        and(
          eq(projectBindings.accountId, accountId),
          eq(projectBindings.resourceType, resourceType),
          inArray(projectBindings.resourceId, [...resourceIds]),
          eq(projectBindings.member, true),
        ),
      ));
}

/**
 * A condition on `checks` for the Monitors list: owned by a project (any, or the given one), or by
 * none. One lookup of the project_bindings_resource index per check, no join that multiplies rows.
 */
export function checkOwnedByCode(owned: boolean, projectId?: string): SQL {
  const test = sql`exists (select 1 from ${projectBindings} where ${projectBindings.accountId} = ${checks.accountId}
    and ${projectBindings.resourceType} = 'check' and ${projectBindings.resourceId} = ${checks.id} and ${projectBindings.member}
    ${projectId === undefined ? sql`` : sql`and ${projectBindings.projectId} = ${projectId}`})`;
  return owned ? test : sql`not ${test}`;
}
