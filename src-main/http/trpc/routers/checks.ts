import { z } from 'zod';
import {
  BulkCheckAction,
  bulkCheckAction,
  createCheck,
  deleteCheckById,
  getCheck,
  listCheckPage,
  monitorOverview,
  MonitorOverviewQuery,
  monitorTags,
  subscribeAllChecks,
  updateIcmpCheck,
  updateMultiStepCheck,
  updateTracerouteCheck,
} from '../../../services/checks';
import { CheckListQuery } from '../../../../src-shared/schemas/check-list';
import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../../src-shared/schemas/icmp-monitor';
import { MultiStepCheckCreate, MultiStepCheckUpdate } from '../../../../src-shared/schemas/multistep-check';
import { TracerouteMonitorCreate, TracerouteMonitorUpdate } from '../../../../src-shared/schemas/traceroute-monitor';
import { authedProcedure, router } from '../init';

const ById = z.object({ id: z.string().min(1) });
const patchOf = <T extends z.ZodType>(patch: T) => z.object({ id: z.string().min(1), patch });

export const checksRouter = router({
  list: authedProcedure.input(CheckListQuery).query(({ ctx, input }) => listCheckPage(ctx.service, input)),
  /** The Monitors list: health first, filtered, sorted and paged on the server, with each row's recent results and 24 h uptime. */
  overview: authedProcedure.input(MonitorOverviewQuery).query(({ ctx, input }) => monitorOverview(ctx.service, input)),
  tags: authedProcedure.query(({ ctx }) => monitorTags(ctx.service)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getCheck(ctx.service, input.id)),
  createIcmp: authedProcedure.input(IcmpMonitorCreate).mutation(({ ctx, input }) => createCheck(ctx.service, input)),
  updateIcmp: authedProcedure.input(patchOf(IcmpMonitorUpdate)).mutation(({ ctx, input }) => updateIcmpCheck(ctx.service, input.id, input.patch)),
  createTraceroute: authedProcedure.input(TracerouteMonitorCreate).mutation(({ ctx, input }) => createCheck(ctx.service, input)),
  updateTraceroute: authedProcedure
    .input(patchOf(TracerouteMonitorUpdate))
    .mutation(({ ctx, input }) => updateTracerouteCheck(ctx.service, input.id, input.patch)),
  createMultiStep: authedProcedure.input(MultiStepCheckCreate).mutation(({ ctx, input }) => createCheck(ctx.service, input)),
  updateMultiStep: authedProcedure
    .input(patchOf(MultiStepCheckUpdate))
    .mutation(({ ctx, input }) => updateMultiStepCheck(ctx.service, input.id, input.patch)),
  delete: authedProcedure.input(ById).mutation(({ ctx, input }) => {
    deleteCheckById(ctx.service, input.id);
    return { id: input.id };
  }),
  /** One action on many checks, each through its single-item verb, with an outcome per check. */
  bulk: authedProcedure.input(BulkCheckAction).mutation(({ ctx, input }) => bulkCheckAction(ctx.service, input)),
  /** An alert channel's "Subscribe all checks": every check not yet subscribed to it. */
  subscribeAll: authedProcedure
    .input(z.object({ alertChannelId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => subscribeAllChecks(ctx.service, input.alertChannelId)),
});
