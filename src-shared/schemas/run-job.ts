import { z } from 'zod';
import { RETRY_TYPES } from '../enums';
import type { RetryPolicy } from '../rules/retry';
import { IcmpRunInput } from './icmp-monitor';
import { MultiStepRunInput } from './multistep-check';
import { AssertionOutcome, IcmpCheckResult, MultiStepCheckResult, TracerouteCheckResult } from './result-payloads';
import { TracerouteRunInput } from './traceroute-monitor';

/**
 * The run contract: the job that crosses from the scheduler to an agent (in process, through the
 * agent_jobs table, and over the wire to `sightline agent`). Whatever reads a job from storage or
 * the network parses it with these schemas; nothing casts.
 */

/** A multi-step run's limit when the check sets no maxResponseTime: API flows finish in seconds. */
export const DEFAULT_MULTI_STEP_TIMEOUT_MS = 30_000;
/** The shortest multi-step limit, whatever maxResponseTime says (Playwright needs a moment per step). */
const MIN_MULTI_STEP_TIMEOUT_MS = 1_000;

/**
 * One entry per check type that runs here: its executor input (parsed from the stored body), its lane
 * and its run's hard time limit. Adding a check type means one entry here and one executor in
 * runner/run-job.ts; lanes, plans, CLI flags and the lease protocol follow.
 */
export const RUN_TYPES = {
  ICMP: {
    input: IcmpRunInput,
    laneFlag: '--lane-icmp',
    laneEnv: 'SIGHTLINE_LANE_ICMP',
    // Ping needs about a second per packet.
    timeoutMs: (check: IcmpRunInput) => check.request.pingCount * 1000 + 10_000,
  },
  TRACEROUTE: {
    input: TracerouteRunInput,
    laneFlag: '--lane-traceroute',
    laneEnv: 'SIGHTLINE_LANE_TRACEROUTE',
    timeoutMs: () => 120_000,
  },
  MULTI_STEP: {
    input: MultiStepRunInput,
    laneFlag: '--lane-multistep',
    laneEnv: 'SIGHTLINE_LANE_MULTISTEP',
    // maxResponseTime stops the run (a slower one fails anyway); the executor adds a start-up allowance.
    timeoutMs: (check: MultiStepRunInput) =>
      typeof check.maxResponseTime === 'number' ? Math.max(MIN_MULTI_STEP_TIMEOUT_MS, Math.ceil(check.maxResponseTime)) : DEFAULT_MULTI_STEP_TIMEOUT_MS,
  },
} as const;

export type RunType = keyof typeof RUN_TYPES;
export const RUN_TYPE_NAMES = Object.keys(RUN_TYPES) as RunType[];

export function isRunType(checkType: string): checkType is RunType {
  return Object.hasOwn(RUN_TYPES, checkType);
}

const executionBase = {
  checkId: z.string(),
  runLocation: z.string(),
  /** Hard limit for the whole run; the executor stops the tool when it is exceeded. */
  timeoutMs: z.number().int().positive(),
};

/** What an executor runs: check id and type, run location, the check's input, time limit. */
export const Execution = z.discriminatedUnion('checkType', [
  z.object({ ...executionBase, checkType: z.literal('ICMP'), check: RUN_TYPES.ICMP.input }),
  z.object({ ...executionBase, checkType: z.literal('TRACEROUTE'), check: RUN_TYPES.TRACEROUTE.input }),
  z.object({ ...executionBase, checkType: z.literal('MULTI_STEP'), check: RUN_TYPES.MULTI_STEP.input }),
]);
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
const StoredRun = z.discriminatedUnion('checkType', [
  z.object({ checkType: z.literal('ICMP'), check: RUN_TYPES.ICMP.input }),
  z.object({ checkType: z.literal('TRACEROUTE'), check: RUN_TYPES.TRACEROUTE.input }),
  z.object({ checkType: z.literal('MULTI_STEP'), check: RUN_TYPES.MULTI_STEP.input }),
]);
type StoredRun = z.infer<typeof StoredRun>;

function timeoutOfRun(run: StoredRun): number {
  switch (run.checkType) {
    case 'ICMP':
      return RUN_TYPES.ICMP.timeoutMs(run.check);
    case 'TRACEROUTE':
      return RUN_TYPES.TRACEROUTE.timeoutMs();
    case 'MULTI_STEP':
      return RUN_TYPES.MULTI_STEP.timeoutMs(run.check);
  }
}

/** The variables a multi-step run gets: the account's, group's and check's, resolved (secrets may still be sealed). */
export type RunVariables = readonly { key: string; value?: string | null; secret?: boolean }[];

/**
 * Parses a stored check body into its type's executor input and time limit: the one place where a
 * stored body becomes a run. A type that does not run here, or a body its schema refuses, gives the reason.
 */
export function plannedExecution(checkId: string, checkType: string, body: Record<string, unknown>, variables: RunVariables): PlannedExecution | { problem: string } {
  if (!isRunType(checkType)) return { problem: `${checkType} checks do not run here` };
  const check = checkType === 'MULTI_STEP' ? { ...body, environmentVariables: variables.map((v) => ({ ...v, value: v.value ?? null })) } : body;
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
  icmpCheckResult: IcmpCheckResult.optional(),
  tracerouteCheckResult: TracerouteCheckResult.optional(),
  multiStepCheckResult: MultiStepCheckResult.optional(),
});
export type ExecutionResult = z.infer<typeof ExecutionResult>;
