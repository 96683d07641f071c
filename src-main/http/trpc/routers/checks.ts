import { z } from 'zod';
import { createIcmpCheck } from '../../../services/checks/create-icmp';
import { createMultiStepCheck } from '../../../services/checks/create-multistep';
import { createTracerouteCheck } from '../../../services/checks/create-traceroute';
import { deleteCheckById } from '../../../services/checks/delete';
import { getCheck } from '../../../services/checks/get';
import { listCheckPage } from '../../../services/checks/list';
import { updateIcmpCheck } from '../../../services/checks/update-icmp';
import { updateMultiStepCheck } from '../../../services/checks/update-multistep';
import { updateTracerouteCheck } from '../../../services/checks/update-traceroute';
import { CheckListQuery } from '../../../../src-shared/schemas/check-list';
import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../../src-shared/schemas/icmp-monitor';
import { MultiStepCheckCreate, MultiStepCheckUpdate } from '../../../../src-shared/schemas/multistep-check';
import { TracerouteMonitorCreate, TracerouteMonitorUpdate } from '../../../../src-shared/schemas/traceroute-monitor';
import { authedProcedure, router } from '../init';

const ById = z.object({ id: z.string().min(1) });
const patchOf = <T extends z.ZodType>(patch: T) => z.object({ id: z.string().min(1), patch });

export const checksRouter = router({
  list: authedProcedure.input(CheckListQuery).query(({ ctx, input }) => listCheckPage(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getCheck(ctx.service, input.id)),
  createIcmp: authedProcedure.input(IcmpMonitorCreate).mutation(({ ctx, input }) => createIcmpCheck(ctx.service, input)),
  updateIcmp: authedProcedure.input(patchOf(IcmpMonitorUpdate)).mutation(({ ctx, input }) => updateIcmpCheck(ctx.service, input.id, input.patch)),
  createTraceroute: authedProcedure.input(TracerouteMonitorCreate).mutation(({ ctx, input }) => createTracerouteCheck(ctx.service, input)),
  updateTraceroute: authedProcedure
    .input(patchOf(TracerouteMonitorUpdate))
    .mutation(({ ctx, input }) => updateTracerouteCheck(ctx.service, input.id, input.patch)),
  createMultiStep: authedProcedure.input(MultiStepCheckCreate).mutation(({ ctx, input }) => createMultiStepCheck(ctx.service, input)),
  updateMultiStep: authedProcedure
    .input(patchOf(MultiStepCheckUpdate))
    .mutation(({ ctx, input }) => updateMultiStepCheck(ctx.service, input.id, input.patch)),
  delete: authedProcedure.input(ById).mutation(({ ctx, input }) => {
    deleteCheckById(ctx.service, input.id);
    return { id: input.id };
  }),
});
