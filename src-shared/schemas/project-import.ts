import { z } from 'zod';

// The CLI's logical ids: ASCII letters, digits and _ - / # . (its LOGICAL_ID_PATTERN).
const LogicalId = z
  .string()
  .min(1, 'logicalId must not be empty')
  .max(255, 'logicalId is at most 255 characters')
  .regex(/^[A-Za-z0-9_\-/#.]+$/, 'logicalId may only use ASCII letters, digits and _ - / # .');

/** POST /next/projects: what `checkly import` sends to initialise a project. */
export const ProjectCreate = z.object({
  logicalId: LogicalId,
  name: z.string().trim().min(1, 'name must not be empty').max(255, 'name is at most 255 characters'),
  repoUrl: z.string().max(2048, 'repoUrl is at most 2048 characters').nullish(),
});
export type ProjectCreate = z.infer<typeof ProjectCreate>;

export const ProjectRead = z.object({
  id: z.string(),
  logicalId: z.string(),
  name: z.string(),
  repoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** The CLI's ProjectResponse names it so. */
  created_at: z.string(),
});
export type ProjectRead = z.infer<typeof ProjectRead>;

export const ProjectParams = z.object({ logicalId: LogicalId });

/** The resource types an import filter may name (the CLI's `importables`). */
export const IMPORTABLE_TYPES = [
  'alert-channel',
  'check-group',
  'check',
  'dashboard',
  'maintenance-window',
  'private-location',
  'status-page-service',
  'status-page',
] as const;

export const ImportPlanFilter = z.object({
  type: z.enum(['include', 'exclude']),
  resource: z
    .object({
      type: z.enum(IMPORTABLE_TYPES, { message: 'filters[].resource.type must be one of ' + IMPORTABLE_TYPES.join(', ') }),
      physicalId: z.union([z.string().max(64), z.number().int()]).optional(),
    })
    .optional(),
});
export type ImportPlanFilter = z.infer<typeof ImportPlanFilter>;

/** Constructs already in the user's code: the plan answers their physical ids, so generated code imports them. */
export const ImportPlanFriend = z.object({
  type: z.string().max(64),
  logicalId: LogicalId,
});

export const ImportPlanCreate = z
  .object({
    filters: z.array(ImportPlanFilter).max(10_000, 'filters holds at most 10000 entries').optional(),
    friends: z.array(ImportPlanFriend).max(10_000, 'friends holds at most 10000 entries').optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type ImportPlanCreate = z.infer<typeof ImportPlanCreate>;

const QueryBool = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .default('false')
  .transform((v) => v === 'true');

export const ImportPlanCreateQuery = z.object({ preview: QueryBool });
export const ImportPlanListQuery = z.object({ onlyUnapplied: QueryBool, onlyUncommitted: QueryBool });
export type ImportPlanListQuery = z.infer<typeof ImportPlanListQuery>;
export const ImportPlanParams = z.object({ id: z.string().uuid('id must be an import plan id (uuid)') });

/** One resource as the CLI's code generator reads it: the read shape of the resource as `payload`. */
export const ImportResource = z.object({
  type: z.string(),
  logicalId: z.string(),
  physicalId: z.union([z.string(), z.number()]).optional(),
  member: z.boolean(),
  payload: z.unknown(),
});
export type ImportResource = z.infer<typeof ImportResource>;

export const FriendResource = z.object({ type: z.string(), logicalId: z.string(), physicalId: z.union([z.string(), z.number()]) });
export type FriendResource = z.infer<typeof FriendResource>;

export const ImportPlanChanges = z.object({
  resources: z.array(ImportResource),
  friends: z.array(FriendResource),
  auxiliary: z.array(z.object({ type: z.string(), physicalId: z.union([z.string(), z.number()]).optional(), payload: z.unknown() })),
});
export type ImportPlanChanges = z.infer<typeof ImportPlanChanges>;

export const ImportPlan = z.object({
  id: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().optional(),
  committedAt: z.string().optional(),
  changes: ImportPlanChanges.optional(),
});
export type ImportPlan = z.infer<typeof ImportPlan>;

/** GET /next/projects/{logicalId}/resources (Sightline's): what the project owns or references. */
export const ProjectBinding = z.object({
  type: z.string(),
  physicalId: z.string(),
  logicalId: z.string(),
  member: z.boolean(),
  pending: z.boolean(),
  sourceFile: z.string().nullable(),
});
export type ProjectBinding = z.infer<typeof ProjectBinding>;
