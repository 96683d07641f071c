import type { JobOutcome } from '../../runner/jobs';
import { transaction } from '../../db/connection';
import { deleteAgentJobs, listJobsOfSession, lockJobsOfSession, QUEUED } from '../../db/repositories/agent-jobs';
import type { ServiceDeps } from '../context';
import { reportOutcomes } from './runtime';
import { notTakenReason } from './connected';
import { storedJob } from './stored-job';

/**
 * A session's job for one location that no remote agent has leased yet is taken back and reported
 * SKIPPED (it waited its whole period: the check's next run replaces it), AGENT_UNREACHABLE when its agents went silent, or NO_AGENT with none known. True when one was; false
 * when an agent holds it (or none is left), i.e. the run is still going.
 */
export async function withdrawQueuedAgentJob(deps: ServiceDeps, sessionId: string, runLocation: string): Promise<boolean> {
  const skipped: JobOutcome[] = [];
  const leased = await transaction(deps.db, async (tx) => {
    // A job a lease request of another server is taking meanwhile is read as leased, never deleted under its agent.
    await lockJobsOfSession(tx, sessionId);
    const rows = (await listJobsOfSession(tx, sessionId)).map((row) => ({ row, job: storedJob(deps.logger, row) }));
    const here = rows.filter(({ job }) => job?.execution.runLocation === runLocation);
    const queued = here.filter(({ row }) => row.state === QUEUED);
    await deleteAgentJobs(
      tx,
      queued.map(({ row }) => row.jobId),
    );
    const now = deps.clock.now().getTime();
    for (const { row, job } of queued) if (job) skipped.push({ job, result: null, reason: await notTakenReason(deps, tx, row.locationId, now, row.enqueuedAt), agentId: 'broker' });
    return here.length - queued.length;
  });
  await reportOutcomes(deps, skipped);
  return skipped.length > 0 && leased === 0;
}
