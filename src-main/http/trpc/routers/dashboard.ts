import { dashboardSummary, watchDashboard } from '../../../services/engines';
import { authedProcedure, router } from '../init';

export const dashboardRouter = router({
  /** Counts by health, failing and degraded monitors, open incidents, agent lanes, recent notifications. */
  summary: authedProcedure.query(({ ctx }) => dashboardSummary(ctx.service)),
  /** The same summary now and whenever it changes, at most once a second (SSE). */
  onSummary: authedProcedure.subscription(async function* ({ ctx, signal }) {
    yield* watchDashboard(ctx.service, signal);
  }),
});
