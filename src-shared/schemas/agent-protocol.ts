import { z } from 'zod';
import { ExecutionResult } from './run-job';
import { perLane } from '../rules/lanes';

/** The internal API between the server and `sightline agent` processes (/v1/agent/...). */

const AgentId = z.string().uuid('agentId must be the id the server gave at registration');

export const AgentRegistration = z.object({
  hostname: z.string().max(255).nullable().default(null),
  version: z.string().max(64).default('unknown'),
  /** Runs at once over all its lanes (informational). */
  concurrency: z.number().int().min(1).max(1_000_000).default(1),
});
export type AgentRegistration = z.infer<typeof AgentRegistration>;

export const AgentRegistered = z.object({
  agentId: z.string(),
  privateLocation: z.object({ id: z.string(), name: z.string(), slugName: z.string() }),
  /** How often the agent should send a heartbeat; leases of its running jobs are renewed by it. */
  heartbeatIntervalMs: z.number(),
  /** The longest long-poll the server holds open. */
  maxLeaseWaitSeconds: z.number(),
});
export type AgentRegistered = z.infer<typeof AgentRegistered>;

/** The agent's own connectivity (canaries, its platform's network state); agents before it send none. */
export const AgentConnectivityReport = z.object({
  online: z.boolean(),
  /** When the current state began, ISO 8601. */
  since: z.iso.datetime(),
  reason: z.string().max(1000).nullable(),
  canaries: z.array(z.string().max(253)).max(100),
  /** Times it went offline since it started: the server sees an outage it was not told of while it lasted. */
  outages: z.number().int().min(0),
  /** When the last outage began (null when it had none). */
  lastOutageSince: z.iso.datetime().nullable(),
  /** Why the last outage began, and the runs it skipped: the server tells them even when it hears of the outage only afterwards. */
  lastOutageReason: z.string().max(1000).nullable().optional(),
  lastOutageRuns: z.number().int().min(0).optional(),
  offlineRuns: z.number().int().min(0),
});
export type AgentConnectivityReport = z.infer<typeof AgentConnectivityReport>;

export const AgentHeartbeat = z.object({
  agentId: AgentId,
  runningJobIds: z.array(z.string()).max(10_000).default([]),
  connectivity: AgentConnectivityReport.optional(),
});
export type AgentHeartbeat = z.infer<typeof AgentHeartbeat>;

export const AgentHeartbeatReply = z.object({
  /** Jobs this agent should stop: cancelled, or no longer leased to it. */
  cancelledJobIds: z.array(z.string()),
});
export type AgentHeartbeatReply = z.infer<typeof AgentHeartbeatReply>;

export const AgentLeaseRequest = z.object({
  agentId: AgentId,
  max: z.number().int().min(1).max(10_000).default(1),
  /** Free runs per lane (ICMP, TRACEROUTE, MULTI_STEP): only jobs that fit are handed out. Absent: any job, up to max. */
  lanes: z.object(perLane(() => z.number().int().min(0).max(100_000).optional())).optional(),
  /** Long-poll: how long the server may hold the request when no job is waiting. */
  waitSeconds: z.number().min(0).max(30).default(20),
});
export type AgentLeaseRequest = z.infer<typeof AgentLeaseRequest>;

/** Jobs are the run contract's RunJob objects (src-shared/schemas/run-job.ts); the agent parses each one. */
export const AgentLeaseReply = z.object({
  jobs: z.array(z.record(z.string(), z.unknown())),
});
export type AgentLeaseReply = z.infer<typeof AgentLeaseReply>;

/** DROPPED is what agents before lanes called SKIPPED; it is read as SKIPPED. AGENT_OFFLINE: the agent's own network was down. SUSPENDED: the agent was frozen or asleep during the run and it is not judged. */
export const AGENT_OUTCOME_REASONS = ['SKIPPED', 'DROPPED', 'CANCELLED', 'SHUTDOWN', 'EXECUTOR_ERROR', 'AGENT_OFFLINE', 'SUSPENDED'] as const;

/** What a remote agent reports for a job: the run contract's result. */
export const AgentExecutionResult = ExecutionResult;
export type AgentExecutionResult = ExecutionResult;

export const AgentOutcome = z
  .object({
    agentId: AgentId,
    result: AgentExecutionResult.nullable(),
    reason: z.enum(AGENT_OUTCOME_REASONS).optional(),
  })
  .refine((o) => o.result !== null || o.reason !== undefined, { message: 'reason is required when result is null', path: ['reason'] });
export type AgentOutcome = z.infer<typeof AgentOutcome>;

export const AgentJobParams = z.object({ jobId: z.string().min(1).max(200) });
