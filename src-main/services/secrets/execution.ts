import type { Keyring } from '../../core/keyring';
import type { RunJob } from '../../runner/jobs';
import { openEnvironment } from './environment';

/**
 * Secrets stay sealed in plans, queues and the agent_jobs table; they are opened only where a job is
 * handed to whatever runs it: the embedded agent's executor, or a remote agent's lease.
 */
export function openExecutionSecrets<E extends { check?: unknown }>(keyring: Keyring, execution: E): E {
  const check = execution.check as { environmentVariables?: unknown } | undefined;
  if (!check || !Array.isArray(check.environmentVariables)) return execution;
  return { ...execution, check: { ...check, environmentVariables: openEnvironment(keyring, check.environmentVariables) } };
}

export function openJobSecrets(keyring: Keyring, job: RunJob): RunJob {
  return { ...job, execution: openExecutionSecrets(keyring, job.execution) };
}
