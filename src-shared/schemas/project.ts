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

/**
 * The deploy body as the transport checks it: the constructs are parsed one by one by the service
 * (DeployResource each), a slice at a time, so thousands of them never hold other requests up.
 */
export const DeployRequestBody = DeployPayload.extend({
  resources: z
    .array(z.unknown())
    .max(50_000)
    .describe('The constructs, each a DeployResource: logicalId, type, physicalId (nullable), member (default true), payload (an object, nullable). A bad one is a 400 naming it by its index.'),
});
export type DeployRequestBody = z.infer<typeof DeployRequestBody>;

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

/** What the CLI reads back: one line of a deploy's diff. */
export const DiffEntryRead = z.object({
  type: z.string(),
  logicalId: z.string(),
  physicalId: z.union([z.string(), z.number()]).nullable(),
  action: z.enum(['CREATE', 'UPDATE', 'DELETE', 'DETACHED']),
});

export const ProjectSummaryRead = z.object({ id: z.string(), logicalId: z.string(), name: z.string(), repoUrl: z.string().nullable() });

/** A dry run's answer (and a destroy of a project that does not exist: project null, no diff). */
export const DryRunRead = z.object({ project: ProjectSummaryRead.nullable(), diff: z.array(DiffEntryRead) });

/** A deployment record as the CLI follows it. */
export const DeploymentRead = z.object({
  id: z.string(),
  logicalId: z.string(),
  projectId: z.string(),
  status: z.string().describe('SUCCEEDED, FAILED or CANCELLED: a deploy is applied before it is answered'),
  progress: z.number(),
  scheduleOnDeploy: z.boolean(),
  preserveResources: z.boolean(),
  createdBy: z.string().nullable().describe('who deployed, by name as it was at the deploy'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  result: z.object({ project: ProjectSummaryRead, diff: z.array(DiffEntryRead) }).nullable(),
  error: z.object({ message: z.string() }).nullable(),
});
