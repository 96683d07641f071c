import type { Db } from '../../db/connection';
import { bindingsOfResources, type BindingWithProject } from '../../db/repositories/projects';
import type { ProjectBinding, ProjectBindings, ProjectRef } from '../../../src-shared/schemas/project-bindings';


/** The members every code-managed read shape carries (spec 2.1): the flat ones are the preferred binding's. */
export interface ProjectMembers {
  project: ProjectRef | null;
  logicalId: string | null;
  member: boolean | null;
  pending: boolean | null;
  projectBindings: ProjectBindings;
}

export const NOT_CODE_MANAGED: ProjectMembers = Object.freeze({
  project: null,
  logicalId: null,
  member: null,
  pending: null,
  projectBindings: Object.freeze({ owner: null, references: [] }) as ProjectMembers['projectBindings'],
});

function toBinding(row: BindingWithProject): ProjectBinding {
  return { project: row.project, binding: { logicalId: row.logicalId, pending: row.pending, sourceFile: row.sourceFile } };
}

/** A deployed owner beats one an import plan only reserved; among equals the older binding wins. */
function preferredOwner(owners: BindingWithProject[]): BindingWithProject | undefined {
  return owners.find((row) => !row.pending) ?? owners[0];
}

function membersOf(rows: BindingWithProject[]): ProjectMembers {
  const owner = preferredOwner(rows.filter((row) => row.member));
  const references = rows.filter((row) => !row.member);
  const preferred = owner ?? references[0];
  if (!preferred) return NOT_CODE_MANAGED;
  return {
    project: preferred.project,
    logicalId: preferred.logicalId,
    member: preferred.member,
    pending: preferred.pending,
    projectBindings: { owner: owner ? toBinding(owner) : null, references: references.map(toBinding) },
  };
}

/** One resource's project members. */
export async function projectMembersOfOne(db: Db, accountId: string, resourceType: string, id: string | number): Promise<ProjectMembers> {
  return (await projectMembersOf(db, accountId, resourceType, [id])).get(String(id)) ?? NOT_CODE_MANAGED;
}

/** The project members of a page of resources of one type, in one query. */
export async function projectMembersOf(db: Db, accountId: string, resourceType: string, ids: readonly (string | number)[]): Promise<Map<string, ProjectMembers>> {
  const byResource = new Map<string, BindingWithProject[]>();
  for (const row of await bindingsOfResources(db, accountId, resourceType, ids.map(String))) {
    const list = byResource.get(row.resourceId) ?? [];
    list.push(row);
    byResource.set(row.resourceId, list);
  }
  const out = new Map<string, ProjectMembers>();
  for (const [id, rows] of byResource) out.set(id, membersOf(rows));
  return out;
}
