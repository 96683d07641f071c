import type { JobOutcome } from '../../runner/jobs';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { deleteAgentJob, findAgentJob, lockAgentJob, QUEUED, requeueJob } from '../../db/repositories/agent-jobs';
import type { AgentOutcome } from '../../../src-shared/schemas/agent-protocol';
import type { ServiceDeps } from '../context';
import type { AgentPrincipal } from './authenticate';
import { touchKnownAgent } from './agents';
import { reportOutcomes } from './runtime';
import { storedJob } from './stored-job';

/**
 * Records what an agent reports for a job it leased. A job the agent handed back unrun because
 * it is shutting down goes back to the queue for another agent. A late report for a job that was
 * meanwhile leased to another agent is refused (409): that agent's run counts. The job's row is
 * locked first: a sweep or a second report of it (the agent's retry through another server) waits,
 * then finds it gone, so an outcome is recorded once.
 */
export async function completeAgentJob(deps: ServiceDeps, principal: AgentPrincipal, jobId: string, report: AgentOutcome): Promise<void> {
  if (deps.runtime.agentJobs.signals.closed) throw new AppError('unavailable', 'The server is shutting down; send the outcome again once it is back');
  const now = deps.clock.now().getTime();
  let outcome: JobOutcome | null = null;
  let requeued = false;
  await transaction(deps.db, async (tx) => {
    await lockAgentJob(tx, jobId);
    await touchKnownAgent(tx, principal, report.agentId, now);
    const row = await findAgentJob(tx, jobId);
    if (!row || row.locationId !== principal.locationId) throw new AppError('not_found', `Job ${jobId} is not waiting for an outcome`);
    if (row.state !== QUEUED && row.agentId !== report.agentId) {
      throw new AppError('conflict', `Job ${jobId} was leased to another agent after this agent's lease expired; its outcome is not recorded`);
    }
    if (report.result === null && report.reason === 'SHUTDOWN' && !row.cancelled) {
      await requeueJob(tx, jobId);
      requeued = true;
      return;
    }
    await deleteAgentJob(tx, jobId);
    const job = storedJob(deps.logger, row);
    if (!job) return;
    outcome = report.result
      ? { job, result: report.result, agentId: report.agentId }
      : { job, result: null, reason: row.cancelled ? 'CANCELLED' : report.reason === 'DROPPED' ? 'SKIPPED' : report.reason, agentId: report.agentId };
  });
  if (requeued) deps.runtime.agentJobs.signals.notify(principal.locationId);
  if (outcome) await reportOutcomes(deps, [outcome]);
}
