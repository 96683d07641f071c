import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertSubscriptions, projectBindings, projects } from '../schema';

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

export function findProjectByLogicalId(db: Db, accountId: string, logicalId: string): ProjectRow | undefined {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.logicalId, logicalId)))
    .get();
}

export function insertProject(db: Db, row: ProjectRow): ProjectRow {
  return db.insert(projects).values(row).returning().get();
}

export function updateProject(db: Db, id: string, set: Pick<ProjectRow, 'name' | 'repoUrl' | 'updatedAt'>): void {
  db.update(projects).set(set).where(eq(projects.id, id)).run();
}

export function deleteProject(db: Db, id: string): void {
  db.delete(projects).where(eq(projects.id, id)).run();
}

/** Bindings of one resource type for a page of physical ids, with their projects: one query. */
export function bindingsOfResources(db: Db, accountId: string, resourceType: string, resourceIds: readonly string[]): BindingWithProject[] {
  if (resourceIds.length === 0) return [];
  const out: BindingWithProject[] = [];
  // Under SQLite's bound-parameter limit per statement.
  for (let i = 0; i < resourceIds.length; i += 30_000) {
    const chunk = resourceIds.slice(i, i + 30_000);
    out.push(
      ...db
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
        .orderBy(asc(projectBindings.id))
        .all(),
    );
  }
  return out;
}

/** Every binding of a project (pending ones included: the caller decides). */
export function bindingsOfProject(db: Db, projectId: string): BindingRow[] {
  return db.select().from(projectBindings).where(eq(projectBindings.projectId, projectId)).orderBy(asc(projectBindings.id)).all();
}

/** The owner bindings other projects hold on these resources of one type. */
export function foreignOwners(db: Db, accountId: string, projectId: string, resourceType: string, resourceIds: readonly string[]): BindingWithProject[] {
  return bindingsOfResources(db, accountId, resourceType, resourceIds).filter((binding) => binding.member && binding.project.id !== projectId);
}

export function insertBinding(db: Db, row: NewBindingRow): void {
  db.insert(projectBindings).values(row).run();
}

export function updateBinding(db: Db, id: number, set: Partial<Pick<BindingRow, 'resourceId' | 'member' | 'pending' | 'sourceFile' | 'updatedAt'>>): void {
  db.update(projectBindings).set(set).where(eq(projectBindings.id, id)).run();
}

export function deleteBinding(db: Db, id: number): void {
  db.delete(projectBindings).where(eq(projectBindings.id, id)).run();
}

/** The subscription row a deploy's alert-channel-subscription resource stands for. */
export function subscriptionIdOf(db: Db, accountId: string, alertChannelId: number, target: { checkId?: string; groupId?: number }): number | undefined {
  const where = [eq(alertSubscriptions.accountId, accountId), eq(alertSubscriptions.alertChannelId, alertChannelId)];
  if (target.checkId !== undefined) where.push(eq(alertSubscriptions.checkId, target.checkId));
  if (target.groupId !== undefined) where.push(eq(alertSubscriptions.groupId, target.groupId));
  return db.select({ id: alertSubscriptions.id }).from(alertSubscriptions).where(and(...where)).get()?.id;
}
