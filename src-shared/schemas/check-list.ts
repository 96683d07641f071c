import { z } from 'zod';
import { CHECK_TYPES } from '../enums';
import { PageQuery } from './paging';

const oneOrMany = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((v) => (Array.isArray(v) ? v : [v]));

export const CheckListQuery = PageQuery.extend({
  checkType: z.enum(CHECK_TYPES).optional(),
  tag: oneOrMany.optional(),
  search: z.string().optional(),
  groupId: z.coerce.number().int().positive().optional(),
});
export type CheckListQuery = z.infer<typeof CheckListQuery>;
