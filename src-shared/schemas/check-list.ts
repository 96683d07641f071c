import { z } from 'zod';
import { CHECK_TYPES } from '../enums';
import { PageQuery } from './paging';

/** A boolean query parameter: `true`/`false` as text (or a boolean from tRPC). */
const QueryFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** `GET /v1/checks/{id}` (and /v2, /v3): member checks may be read with their group's settings applied. */
export const CheckGetQuery = z.object({ applyGroupSettings: QueryFlag.default(false) });
export type CheckGetQuery = z.infer<typeof CheckGetQuery>;

export const CHECK_LIST_STATUSES = ['passing', 'failing', 'degraded'] as const;

const oneOrMany = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((v) => (Array.isArray(v) ? v : [v]));

export const CheckListQuery = PageQuery.extend({
  checkType: z.enum(CHECK_TYPES).optional(),
  tag: oneOrMany.optional(),
  search: z.string().optional(),
  groupId: z.coerce.number().int().positive().optional(),
  /** The check's latest status (its latest FINAL result); a check that never ran matches none. */
  status: z.enum(CHECK_LIST_STATUSES).optional(),
  /** Only API checks whose request URL contains it (Sightline cannot run API checks, so usually none). */
  apiCheckUrlFilterPattern: z.string().min(1).optional(),
  applyGroupSettings: QueryFlag.default(false),
});
export type CheckListQuery = z.infer<typeof CheckListQuery>;
