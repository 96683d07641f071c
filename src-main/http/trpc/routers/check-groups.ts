import { z } from 'zod';
import { createCheckGroup, deleteCheckGroupById, getCheckGroup, listCheckGroupPage, updateCheckGroup } from '../../../services/check-groups';
import { listChecksOfGroup } from '../../../services/checks';
import { CheckGroupCreate, CheckGroupListQuery, CheckGroupUpdate } from '../../../../src-shared/schemas/check-group';
import { PageQuery } from '../../../../src-shared/schemas/paging';
import { authedProcedure, router } from '../init';

const GroupId = z.number().int().positive();
const ById = z.object({ id: GroupId });

export const checkGroupsRouter = router({
  list: authedProcedure.input(CheckGroupListQuery).query(({ ctx, input }) => listCheckGroupPage(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getCheckGroup(ctx.service, input.id)),
  checks: authedProcedure.input(PageQuery.extend({ id: GroupId })).query(({ ctx, input }) => listChecksOfGroup(ctx.service, input.id, input)),
  create: authedProcedure
    .input(z.object({ group: CheckGroupCreate, autoAssignAlerts: z.boolean().default(true) }))
    .mutation(({ ctx, input }) => createCheckGroup(ctx.service, input.group, { autoAssignAlerts: input.autoAssignAlerts })),
  update: authedProcedure
    .input(z.object({ id: GroupId, patch: CheckGroupUpdate }))
    .mutation(({ ctx, input }) => updateCheckGroup(ctx.service, input.id, input.patch)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteCheckGroupById(ctx.service, input.id);
    return { id: input.id };
  }),
});
