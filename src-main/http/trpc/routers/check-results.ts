import { z } from 'zod';
import { getCheckResult, listCheckResults } from '../../../services/check-results';
import { getCheckStatus, listCheckStatusViews } from '../../../services/check-statuses/index';
import { CheckResultListQuery } from '../../../../src-shared/schemas/check-result';
import { authedProcedure, router } from '../init';

export const checkResultsRouter = router({
  list: authedProcedure
    .input(z.object({ checkId: z.string().min(1), query: CheckResultListQuery }))
    .query(async ({ ctx, input }) => await listCheckResults(ctx.service, input.checkId, input.query)),
  get: authedProcedure
    .input(z.object({ checkId: z.string().min(1), checkResultId: z.string().min(1) }))
    .query(async ({ ctx, input }) => await getCheckResult(ctx.service, input.checkId, input.checkResultId)),
  statuses: authedProcedure.query(async ({ ctx }) => await listCheckStatusViews(ctx.service)),
  status: authedProcedure.input(z.object({ checkId: z.string().min(1) })).query(async ({ ctx, input }) => await getCheckStatus(ctx.service, input.checkId)),
});
