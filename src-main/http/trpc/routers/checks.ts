import { z } from 'zod';
import { createIcmpCheck } from '../../../services/checks/create-icmp';
import { deleteCheckById } from '../../../services/checks/delete';
import { getCheck } from '../../../services/checks/get';
import { listCheckPage } from '../../../services/checks/list';
import { updateIcmpCheck } from '../../../services/checks/update-icmp';
import { CheckListQuery } from '../../../../src-shared/schemas/check-list';
import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../../src-shared/schemas/icmp-monitor';
import { authedProcedure, router } from '../init';

const ById = z.object({ id: z.string().min(1) });

export const checksRouter = router({
  list: authedProcedure.input(CheckListQuery).query(({ ctx, input }) => listCheckPage(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getCheck(ctx.service, input.id)),
  createIcmp: authedProcedure.input(IcmpMonitorCreate).mutation(({ ctx, input }) => createIcmpCheck(ctx.service, input)),
  updateIcmp: authedProcedure
    .input(z.object({ id: z.string().min(1), patch: IcmpMonitorUpdate }))
    .mutation(({ ctx, input }) => updateIcmpCheck(ctx.service, input.id, input.patch)),
  delete: authedProcedure.input(ById).mutation(({ ctx, input }) => {
    deleteCheckById(ctx.service, input.id);
    return { id: input.id };
  }),
});
