import type { LaneName } from '../runner/jobs';
import type { AgentConnectivityReport, AgentHeartbeatReply, AgentRegistered, AgentRegistration } from '../../src-shared/schemas/agent-protocol';
import type { ExecutionResult } from '../runner/types';
import type { JobOutcome } from '../runner/jobs';
import { RunJob } from '../../src-shared/schemas/run-job';

export interface LeasedJobs {
  jobs: RunJob[];
  /** Jobs the server handed out that this agent cannot read (another version's, or damaged). */
  unreadable: { jobId: string | null; problem: string }[];
}

function jobIdOf(item: unknown): string | null {
  return typeof item === 'object' && item !== null && 'jobId' in item && typeof item.jobId === 'string' ? item.jobId : null;
}

/** An answer of the server that is not a success; `status` 0 means the server could not be reached. */
export class AgentHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AgentHttpError';
  }
}

/** The agent's side of /v1/agent/... (see http/rest/agent). */
export class AgentClient {
  private readonly base: string;

  constructor(
    serverUrl: string,
    private readonly key: string,
  ) {
    this.base = serverUrl.replace(/\/+$/, '');
  }

  private async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AgentHttpError(0, `cannot reach ${this.base}: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // Not JSON (a proxy's error page): keep the text.
      }
      throw new AgentHttpError(response.status, `${path} answered ${response.status}: ${message}`);
    }
    return (text ? JSON.parse(text) : null) as T;
  }

  register(registration: Partial<AgentRegistration>): Promise<AgentRegistered> {
    return this.post('/v1/agent/register', registration);
  }

  heartbeat(agentId: string, runningJobIds: string[], connectivity?: AgentConnectivityReport): Promise<AgentHeartbeatReply> {
    return this.post('/v1/agent/heartbeat', { agentId, runningJobIds, connectivity });
  }

  /** Jobs are parsed by the run contract; one this agent cannot read comes back as `unreadable`, to be reported, never run. */
  async lease(agentId: string, lanes: Record<LaneName, number>, waitSeconds: number, signal?: AbortSignal): Promise<LeasedJobs> {
    const max = Object.values(lanes).reduce((a, b) => a + b, 0);
    const reply = await this.post<{ jobs?: unknown } | null>('/v1/agent/jobs/lease', { agentId, max, lanes, waitSeconds }, signal);
    const leased: LeasedJobs = { jobs: [], unreadable: [] };
    for (const item of Array.isArray(reply?.jobs) ? reply.jobs : []) {
      const parsed = RunJob.safeParse(item);
      if (parsed.success) leased.jobs.push(parsed.data);
      else leased.unreadable.push({ jobId: jobIdOf(item), problem: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    }
    return leased;
  }

  /** A leased job the agent could not run through no fault of its target. */
  async postNotRun(agentId: string, jobId: string): Promise<void> {
    await this.post(`/v1/agent/jobs/${encodeURIComponent(jobId)}/outcome`, { agentId, result: null, reason: 'EXECUTOR_ERROR' });
  }

  async postOutcome(agentId: string, outcome: JobOutcome): Promise<void> {
    const result: ExecutionResult | null = outcome.result;
    await this.post(`/v1/agent/jobs/${encodeURIComponent(outcome.job.jobId)}/outcome`, { agentId, result, reason: outcome.reason });
  }
}
