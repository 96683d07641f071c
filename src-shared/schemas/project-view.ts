import { z } from 'zod';

/** What a deploy did to one resource, as the public CLI's diff words it. */
export const DEPLOY_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'DETACHED'] as const;
export type DeployAction = (typeof DEPLOY_ACTIONS)[number];

/** One entry of a stored deployment's diff (deployments.diff); a physical id is a uuid or a group's integer id. */
export const DeploymentDiffEntry = z.object({
  type: z.string().min(1),
  logicalId: z.string().min(1),
  physicalId: z.union([z.string(), z.number()]).nullable().optional(),
  action: z.enum(DEPLOY_ACTIONS),
  /** false on an UPDATE that left the resource as it was (deploys before this mark count as changed). */
  changed: z.boolean().optional(),
});
export type DeploymentDiffEntry = z.infer<typeof DeploymentDiffEntry>;

/** What a deployment did to one resource as the history tells it: an UPDATE that changed nothing is UNCHANGED. */
export const HISTORY_ACTIONS = ['CREATE', 'UPDATE', 'UNCHANGED', 'DELETE', 'DETACHED'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export function historyActionOf(entry: DeploymentDiffEntry): HistoryAction {
  return entry.action === 'UPDATE' && entry.changed === false ? 'UNCHANGED' : entry.action;
}

/** The resource types the console can link to a page of its own, keyed by the CLI's type name. */
export const CODE_RESOURCE_TYPES = ['check', 'check-group', 'alert-channel', 'status-page'] as const;
export type CodeResourceType = (typeof CODE_RESOURCE_TYPES)[number];

/** The Monitors list's "managed by" filter: any project, none, or one project by id. */
export const ManagedByFilter = z.union([z.enum(['code', 'console']), z.object({ projectId: z.string().min(1).max(100) })]);
export type ManagedByFilter = z.infer<typeof ManagedByFilter>;
