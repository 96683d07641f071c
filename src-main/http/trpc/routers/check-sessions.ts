import { z } from 'zod';
import { awaitCheckSessionCompletion, cancelCheckSession, getCheckSession, listRecentCheckSessions, RecentSessionsQuery, runCheckNow, triggerCheckSessions, watchCheckSessions } from '../../../services/check-sessions';
import { CompletionQuery, TriggerSessionsRequest } from '../../../../src-shared/schemas/check-session';
import { authedProcedure, router, runProcedure } from '../init';

const BySession = z.object({ checkSessionId: z.string().min(1) });

export const checkSessionsRouter = router({
  trigger: runProcedure.input(TriggerSessionsRequest).mutation(async ({ ctx, input }) => ({ sessions: await triggerCheckSessions(ctx.service, input) })),
  /** The console's "Run now" (runSource SCHEDULE_NOW). */
  runNow: runProcedure.input(z.object({ checkId: z.string().min(1) })).mutation(({ ctx, input }) => runCheckNow(ctx.service, input.checkId)),
  /** The console's Sessions list: newest first, without results. */
  listRecent: authedProcedure.input(RecentSessionsQuery).query(({ ctx, input }) => listRecentCheckSessions(ctx.service, input)),
  get: authedProcedure.input(BySession).query(({ ctx, input }) => getCheckSession(ctx.service, input.checkSessionId)),
  completion: authedProcedure
    .input(BySession.extend({ maxWaitSeconds: CompletionQuery.shape.maxWaitSeconds }))
    .query(({ ctx, input, signal }) => awaitCheckSessionCompletion(ctx.service, input.checkSessionId, input.maxWaitSeconds, signal)),
  cancel: runProcedure.input(BySession).mutation(async ({ ctx, input }) => {
    await cancelCheckSession(ctx.service, input.checkSessionId);
    return { checkSessionId: input.checkSessionId };
  }),
  /** Live session status changes of the account (SSE; httpSubscriptionLink on the console). */
  onUpdate: authedProcedure.input(z.object({ checkId: z.string().optional() }).optional()).subscription(async function* ({ ctx, input, signal }) {
    yield* watchCheckSessions(ctx.service, signal, input?.checkId);
  }),
});
