import type { JobOutcome } from '../../runner/jobs';
import { transaction } from '../../db/connection';
import { deleteAgentJobs, listJobsOfSession, markCancelled, QUEUED } from '../../db/repositories/agent-jobs';
import type { ServiceDeps } from '../context';
import { reportOutcomes } from './runtime';
import { storedJob } from './stored-job';

/**
 * Waiting jobs of the session are removed and reported CANCELLED; leased ones are marked, and
 * their agents learn it from their next heartbeat, stop the run and report back.
 */
export function cancelAgentJobsOfSession(deps: ServiceDeps, sessionId: string): void {
  const cancelled: JobOutcome[] = [];
  transaction(deps.db, (tx) => {
    const rows = listJobsOfSession(tx, sessionId);
    const queued = rows.filter((row) => row.state === QUEUED);
    deleteAgentJobs(
      tx,
      queued.map((row) => row.jobId),
    );
    markCancelled(
      tx,
      rows.filter((row) => row.state !== QUEUED).map((row) => row.jobId),
    );
    for (const row of queued) {
      const job = storedJob(deps.logger, row);
      if (job) cancelled.push({ job, result: null, reason: 'CANCELLED', agentId: 'broker' });
    }
  });
  reportOutcomes(deps, cancelled);
}
