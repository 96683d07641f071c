import { z } from 'zod';

/** One construct of a deploy (the public CLI's `checkly deploy` payload). */
export const DeployResource = z.object({
  logicalId: z.string().min(1).max(1024),
  type: z.string().min(1).max(100),
  physicalId: z.union([z.string(), z.number()]).nullable().optional(),
  member: z.boolean().default(true),
  payload: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type DeployResource = z.infer<typeof DeployResource>;

export const DeployProject = z.object({
  logicalId: z.string().min(1).max(1024),
  name: z.string().min(1).max(2048),
  repoUrl: z.string().max(2048).nullable().optional(),
});

/** Files the multi-step checks' `dependencies` name by index. */
export const SharedFile = z.object({ path: z.string(), content: z.string() });

export const DeployPayload = z.object({
  project: DeployProject,
  sharedFiles: z.array(SharedFile).max(10_000).default([]),
  repoInfo: z.unknown().optional(),
  resources: z.array(DeployResource).max(50_000),
});
export type DeployPayload = z.infer<typeof DeployPayload>;

const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

export const DeployQuery = z.strictObject({
  dryRun: QueryBoolean.default(false),
  scheduleOnDeploy: QueryBoolean.default(true),
  preserveResources: QueryBoolean.default(false),
});
export type DeployQuery = z.infer<typeof DeployQuery>;

export const DestroyQuery = z.strictObject({
  dryRun: QueryBoolean.default(false),
  preserveResources: QueryBoolean.default(false),
});
export type DestroyQuery = z.infer<typeof DestroyQuery>;

export type DiffAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'DETACHED';
export interface DiffEntry {
  type: string;
  logicalId: string;
  physicalId: string | number | null;
  action: DiffAction;
}
