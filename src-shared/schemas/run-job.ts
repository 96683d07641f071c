import { z } from 'zod';
import { AGENT_RUN_TYPE_NAMES, CHECK_TYPE_MODULES, EXECUTION_PAYLOAD_SHAPE, isAgentRunType, isRunType, laneEnvOf, laneFlagOf, perAgentRunType, RUN_TYPE_NAMES, type AgentRunType, type RunType, type RunTypeModule } from '../check-types';
import type { CheckTypeModule } from '../check-types/define';
import { RETRY_TYPES } from '../enums';
import type { RetryPolicy } from '../rules/retry';
import { AssertionOutcome } from './result-payloads';

/**
 * The run contract: the job that crosses from the scheduler to an agent (in process, through the
 * agent_jobs table, and over the wire to `sightline agent`). Whatever reads a job from storage or
 * the network parses it with these schemas; nothing casts.
 */

export { DEFAULT_MULTI_STEP_TIMEOUT_MS } from '../check-types/multistep';
export { isAgentRunType, isRunType, RUN_TYPE_NAMES, AGENT_RUN_TYPE_NAMES, type AgentRunType, type RunType };

/**
 * Each check type's run contract, from its module (src-shared/check-types): its executor input (parsed
 * from the stored body), its lane's flag and environment variable, and its run's hard time limit.
 */
export const RUN_TYPES = perAgentRunType((type) => ({
  input: CHECK_TYPE_MODULES[type].run.input,
  laneFlag: laneFlagOf(type),
  laneEnv: laneEnvOf(type),
  timeoutMs: CHECK_TYPE_MODULES[type].run.timeoutMs,
})) as { [K in AgentRunType]: { input: RunTypeModule<K>['run']['input']; laneFlag: string; laneEnv: string; timeoutMs: RunTypeModule<K>['run']['timeoutMs'] } };

const executionBase = {
  checkId: z.string(),
  runLocation: z.string(),
  /** Hard limit for the whole run; the executor stops the tool when it is exceeded. */
  timeoutMs: z.number().int().positive(),
};

type ExecutionMember<K extends AgentRunType> = z.ZodObject<typeof executionBase & { checkType: z.ZodLiteral<K>; check: RunTypeModule<K>['run']['input'] }>;
type StoredRunMember<K extends AgentRunType> = z.ZodObject<{ checkType: z.ZodLiteral<K>; check: RunTypeModule<K>['run']['input'] }>;

/** One member per type; the registry's types are not correlated by the compiler, so the union is named here. */
function unionMembers<M>(make: (type: AgentRunType) => unknown): [M, ...M[]] {
  return AGENT_RUN_TYPE_NAMES.map(make) as [M, ...M[]];
}

/** What an executor runs: check id and type, run location, the check's input, time limit. */
export const Execution = z.discriminatedUnion(
  'checkType',
  unionMembers<{ [K in AgentRunType]: ExecutionMember<K> }[AgentRunType]>((type) => z.object({ ...executionBase, checkType: z.literal(type), check: CHECK_TYPE_MODULES[type].run.input })),
);
export type Execution = z.infer<typeof Execution>;

/** A check's effective retry strategy as the scheduler applies it (src-shared/rules/retry.ts). */
const RetryPolicySchema = z.object({
  type: z.enum(RETRY_TYPES),
  baseBackoffSeconds: z.number().optional(),
  maxRetries: z.number().optional(),
  maxDurationSeconds: z.number().optional(),
  sameRegion: z.boolean().optional(),
  onlyOn: z.array(z.literal('NETWORK_ERROR')).readonly().optional(),
}) satisfies z.ZodType<RetryPolicy>;

/** One unit of work: run one check once from one location. */
export const RunJob = z.object({
  /** Unique per attempt. */
  jobId: z.string().min(1).max(200),
  /** The session this attempt belongs to (the API's checkSessionId). */
  sessionId: z.string(),
  accountId: z.string(),
  /** 1 for the first attempt, 2.. for retries. */
  attempt: z.number().int().min(1),
  execution: Execution,
  /** Epoch ms when the job was queued. */
  enqueuedAt: z.number(),
  /** Epoch ms when the run was due (its schedule slot, or when it was triggered); lateness counts from it. */
  plannedAt: z.number(),
  /** Epoch ms after which a job still waiting in a queue is skipped (it could not start in time) and counted. */
  dropAfter: z.number(),
  /** The run location this attempt stands for; a retry from another location still counts for it. */
  slot: z.string(),
  /** Every run location of the check, in order (retries from another location pick from these). */
  candidates: z.array(z.string()),
  /** How failures of this job are retried. */
  retry: z.object({ strategy: RetryPolicySchema.nullable(), doubleCheck: z.boolean() }),
  /** Epoch ms of the first attempt for this slot (maxDurationSeconds counts from it). */
  firstAttemptAt: z.number(),
  /** The check's period in ms; also how long a job may wait in a queue. */
  periodMs: z.number(),
});
export type RunJob = z.infer<typeof RunJob>;

/** An execution before a run location is chosen: what a check's plan carries. */
export type PlannedExecution = Execution extends infer E ? (E extends unknown ? Omit<E, 'runLocation'> : never) : never;

/** A check's type and input as stored, before its time limit is worked out. */
const StoredRun = z.discriminatedUnion(
  'checkType',
  unionMembers<{ [K in AgentRunType]: StoredRunMember<K> }[AgentRunType]>((type) => z.object({ checkType: z.literal(type), check: CHECK_TYPE_MODULES[type].run.input })),
);
type StoredRun = z.infer<typeof StoredRun>;

function timeoutOfRun(run: StoredRun): number {
  const module: CheckTypeModule = CHECK_TYPE_MODULES[run.checkType];
  return module.run.timeoutMs(run.check);
}

/** The variables a run of a type that takes them gets: the account's, group's and check's, resolved (secrets may still be sealed). */
export type RunVariables = readonly { key: string; value?: string | null; secret?: boolean }[];

/**
 * Parses a stored check body into its type's executor input and time limit: the one place where a
 * stored body becomes a run. A type that does not run here, or a body its schema refuses, gives the reason.
 */
export function plannedExecution(checkId: string, checkType: string, body: Record<string, unknown>, variables: RunVariables): PlannedExecution | { problem: string } {
  if (!isRunType(checkType)) return { problem: `${checkType} checks do not run here` };
  if (!isAgentRunType(checkType)) return { problem: `${checkType} checks are not run: the server judges them from their pings` };
  const check = CHECK_TYPE_MODULES[checkType].run.takesVariables ? { ...body, environmentVariables: variables.map((v) => ({ ...v, value: v.value ?? null })) } : body;
  const parsed = StoredRun.safeParse({ checkType, check });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`).join('; ');
    return { problem: `this ${checkType} check cannot run: ${issues}` };
  }
  return { ...parsed.data, checkId, timeoutMs: timeoutOfRun(parsed.data) };
}

/** Why a run has an error; none of them is thrown: a down target is a result. */
export const ERROR_KINDS = ['NETWORK_ERROR', 'TIMEOUT', 'ASSERTION_FAILED', 'TOOL_MISSING', 'SCRIPT_ERROR', 'INVALID_TARGET'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** What an executor returns, and what a remote agent reports back over the wire. */
export const ExecutionResult = z.object({
  hasErrors: z.boolean(),
  hasFailures: z.boolean(),
  isDegraded: z.boolean(),
  overMaxResponseTime: z.boolean(),
  aborted: z.boolean(),
  timedOut: z.boolean(),
  /** Milliseconds. */
  responseTime: z.number(),
  startedAt: z.string(),
  stoppedAt: z.string(),
  error: z.object({ kind: z.enum(ERROR_KINDS), message: z.string() }).nullable(),
  assertions: z.array(AssertionOutcome),
  /** The type's payload (`icmpCheckResult`, …), from its module. */
  ...EXECUTION_PAYLOAD_SHAPE,
});
export type ExecutionResult = z.infer<typeof ExecutionResult>;
