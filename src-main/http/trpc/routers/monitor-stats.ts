import { z } from 'zod';
import { monitorState, monitorStats } from '../../../services/checks';
import { MonitorStatsQuery } from '../../../../src-shared/schemas/monitor-stats';
import { authedProcedure, router } from '../init';

export const monitorStatsRouter = router({
  /** Uptime, p50/p95/p99, the response-time chart, failures and locations of one monitor over a range. */
  get: authedProcedure.input(MonitorStatsQuery).query(({ ctx, input }) => monitorStats(ctx.service, input)),
  /** The monitor's health and since when it holds it. */
  state: authedProcedure.input(z.object({ checkId: z.string().min(1) })).query(({ ctx, input }) => monitorState(ctx.service, input.checkId)),
});
