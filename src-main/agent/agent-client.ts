import type { LaneName } from '../runner/jobs';
import type { AgentHeartbeatReply, AgentRegistered, AgentRegistration } from '../../src-shared/schemas/agent-protocol';
import type { ExecutionResult } from '../runner/types';
import type { JobOutcome, RunJob } from '../runner/jobs';

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

  heartbeat(agentId: string, runningJobIds: string[]): Promise<AgentHeartbeatReply> {
    return this.post('/v1/agent/heartbeat', { agentId, runningJobIds });
  }

  async lease(agentId: string, lanes: Record<LaneName, number>, waitSeconds: number, signal?: AbortSignal): Promise<RunJob[]> {
    const max = Object.values(lanes).reduce((a, b) => a + b, 0);
    const reply = await this.post<{ jobs: unknown[] }>('/v1/agent/jobs/lease', { agentId, max, lanes, waitSeconds }, signal);
    return reply.jobs as RunJob[];
  }

  async postOutcome(agentId: string, outcome: JobOutcome): Promise<void> {
    const result: ExecutionResult | null = outcome.result;
    await this.post(`/v1/agent/jobs/${encodeURIComponent(outcome.job.jobId)}/outcome`, { agentId, result, reason: outcome.reason });
  }
}
