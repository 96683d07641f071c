import type { RunJob } from '../../runner/jobs';
import { insertAgentJob, QUEUED } from '../../db/repositories/agent-jobs';
import { findPrivateLocationBySlug } from '../../db/repositories/private-locations';
import { RESERVED_LOCATION_SLUG } from '../../../src-shared/schemas/private-location';
import type { ServiceDeps } from '../context';
import { hasConnectedAgent, notTakenReason } from './connected';
import { leaseLengthOf, reportOutcomes } from './runtime';

/** The private location a job runs at, or null when the embedded agent runs it (`local`, public locations). */
export async function privateLocationIdOfJob(deps: ServiceDeps, job: RunJob): Promise<string | null> {
  const slug = job.execution.runLocation;
  if (slug.toLowerCase() === RESERVED_LOCATION_SLUG) return null;
  return (await findPrivateLocationBySlug(deps.db, job.accountId, slug))?.id ?? null;
}

/** Queues a job for the agents of its private location and wakes one that is waiting. */
export async function enqueueAgentJob(deps: ServiceDeps, job: RunJob): Promise<void> {
  const locationId = await privateLocationIdOfJob(deps, job);
  if (!locationId) {
    // The location was deleted between routing and here.
    await reportOutcomes(deps, [{ job, result: null, reason: 'SKIPPED', agentId: 'broker' }]);
    return;
  }
  // Nobody could take it: said at once (a `checkly test` or trigger does not wait its whole minute).
  const now = deps.clock.now().getTime();
  if (!await hasConnectedAgent(deps, deps.db, locationId, now)) {
    await reportOutcomes(deps, [{ job, result: null, reason: await notTakenReason(deps, deps.db, locationId, now), agentId: 'broker' }]);
    return;
  }
  const runtime = deps.runtime.agentJobs;
  await insertAgentJob(deps.db, {
    jobId: job.jobId,
    locationId,
    sessionId: job.sessionId,
    job,
    state: QUEUED,
    agentId: null,
    leaseExpiresAt: null,
    leaseMs: leaseLengthOf(runtime.settings, job.execution.timeoutMs),
    leases: 0,
    cancelled: false,
    enqueuedAt: job.enqueuedAt,
    dropAfter: job.dropAfter,
  });
  runtime.signals.notify(locationId);
}
