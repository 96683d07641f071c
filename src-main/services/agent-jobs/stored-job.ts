import type { Logger } from '../../core/logger';
import { RunJob } from '../../../src-shared/schemas/run-job';

/**
 * A job read back from the agent_jobs table, parsed by the run contract. A row that does not parse
 * (written by another version, or damaged) is logged and treated as gone: it never reaches an agent.
 */
export function storedJob(logger: Logger, row: { jobId: string; job: unknown }): RunJob | null {
  const parsed = RunJob.safeParse(row.job);
  if (parsed.success) return parsed.data;
  logger.error({ jobId: row.jobId, problem: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }, 'a queued agent job cannot be read; it is dropped');
  return null;
}
