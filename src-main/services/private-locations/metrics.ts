import { AppError } from '../../core/errors';
import { queuedJobStats } from '../../db/repositories/agent-queue-metrics';
import type { PrivateLocationMetrics, PrivateLocationMetricsQuery } from '../../../src-shared/schemas/private-location-metrics';
import type { ServiceContext } from '../context';
import { findOrThrow } from './read-shape';

const MAX_AGE_S = 15 * 24 * 3600;

/**
 * Queue health of a private location (public API: `GET /v1/private-locations/{id}/metrics`).
 * Sightline keeps no history of it: a window that contains the present gets one sample taken now
 * (jobs waiting for an agent, and how long the oldest has waited, in seconds); a past window has none.
 */
export async function privateLocationMetrics(ctx: ServiceContext, id: string, query: PrivateLocationMetricsQuery): Promise<PrivateLocationMetrics> {
  const location = await findOrThrow(ctx.db, ctx.accountId, id);
  const nowMs = ctx.clock.now().getTime();
  const nowS = Math.floor(nowMs / 1000);
  if (query.from < nowS - MAX_AGE_S) throw new AppError('validation', 'from: must be less than 15 days ago');
  if (query.to < query.from) throw new AppError('validation', 'to: must not be before from');
  if (query.from > nowS || query.to < nowS) return { timestamps: [], queueSize: [], oldestScheduledCheckRun: [] };
  const { queued, oldestEnqueuedAt } = await queuedJobStats(ctx.db, location.id);
  return {
    timestamps: [new Date(nowMs).toISOString()],
    queueSize: [queued],
    oldestScheduledCheckRun: [oldestEnqueuedAt === null ? 0 : Math.max(0, Math.round((nowMs - oldestEnqueuedAt) / 1000))],
  };
}
