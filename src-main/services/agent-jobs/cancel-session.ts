import type { JobOutcome } from '../../runner/jobs';
import { transaction } from '../../db/connection';
import { deleteAgentJobs, listJobsOfSession, lockJobsOfSession, markCancelled, QUEUED } from '../../db/repositories/agent-jobs';
import type { ServiceDeps } from '../context';
import { reportOutcomes } from './runtime';
import { storedJob } from './stored-job';

/**
 * Waiting jobs of the session are removed and reported CANCELLED; leased ones are marked, and
 * their agents learn it from their next heartbeat, stop the run and report back.
 */
export async function cancelAgentJobsOfSession(deps: ServiceDeps, sessionId: string): Promise<void> {
  const cancelled: JobOutcome[] = [];
  await transaction(deps.db, async (tx) => {
    // A job a lease request of another server is taking meanwhile is read as leased (and marked), never deleted under its agent.
    await lockJobsOfSession(tx, sessionId);
    const rows = await listJobsOfSession(tx, sessionId);
    const queued = rows.filter((row) => row.state === QUEUED);
    await deleteAgentJobs(
      tx,
      queued.map((row) => row.jobId),
    );
    await markCancelled(
      tx,
      rows.filter((row) => row.state !== QUEUED).map((row) => row.jobId),
    );
    for (const row of queued) {
      const job = storedJob(deps.logger, row);
      if (job) cancelled.push({ job, result: null, reason: 'CANCELLED', agentId: 'broker' });
    }
  });
  await reportOutcomes(deps, cancelled);
}
