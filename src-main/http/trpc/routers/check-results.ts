import { z } from 'zod';
import { getCheckResult, listCheckResults } from '../../../services/check-results';
import { getCheckStatus, listCheckStatusViews } from '../../../services/check-statuses/index';
import { CheckResultListQuery } from '../../../../src-shared/schemas/check-result';
import { authedProcedure, router } from '../init';

export const checkResultsRouter = router({
  list: authedProcedure
    .input(z.object({ checkId: z.string().min(1), query: CheckResultListQuery }))
    .query(({ ctx, input }) => listCheckResults(ctx.service, input.checkId, input.query)),
  get: authedProcedure
    .input(z.object({ checkId: z.string().min(1), checkResultId: z.string().min(1) }))
    .query(({ ctx, input }) => getCheckResult(ctx.service, input.checkId, input.checkResultId)),
  statuses: authedProcedure.query(({ ctx }) => listCheckStatusViews(ctx.service)),
  status: authedProcedure.input(z.object({ checkId: z.string().min(1) })).query(({ ctx, input }) => getCheckStatus(ctx.service, input.checkId)),
});
