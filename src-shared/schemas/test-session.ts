import { z } from 'zod';
import { CHECK_TYPES } from '../enums';
import { isRuntimeSetting } from '../rules/run-variables';
import { SESSION_STATUSES } from '../rules/session-status';
import { RESULT_TYPES } from './check-session';
import { LIMITS } from './limits';

/** A variable for one run (`checkly trigger -e KEY=value`); API clients may mark one secret, as on a check. */
export const RunVariable = z.looseObject({
  key: z
    .string()
    .min(1)
    .max(LIMITS.envVarKey)
    .refine((key) => !isRuntimeSetting(key), { message: 'configures the runtime, not the script (NODE_*, LD_*, PLAYWRIGHT_*, PATH, HOME...); a run may not set it — set it on the check instead' }),
  value: z.string().max(LIMITS.envVarValue),
  secret: z.boolean().optional(),
});

/** POST /next/test-sessions/trigger, as `checkly trigger` sends it; fields Sightline does not use are accepted and ignored. */
export const TestSessionTriggerRequest = z.looseObject({
  name: z.string().max(2048, { message: 'name must be at most 2048 characters' }).optional(),
  shouldRecord: z.boolean().optional(),
  checkRunSuiteId: z.uuid({ message: 'checkRunSuiteId must be a uuid' }).optional(),
  targetTags: z.array(z.array(z.string())).optional(),
  checkId: z.array(z.uuid({ message: 'checkId must hold uuids' })).optional(),
  runLocation: z.unknown().optional(),
  environmentVariables: z.array(RunVariable).nullish(),
});
export type TestSessionTriggerRequest = z.infer<typeof TestSessionTriggerRequest>;

export const TriggeredCheck = z.object({ id: z.string(), name: z.string(), checkType: z.enum(CHECK_TYPES) });

export const TestSessionTriggerResponse = z.object({
  testSessionId: z.string(),
  checks: z.array(TriggeredCheck),
  /** check id → the sequence id its results are published under (the check session's id). */
  sequenceIds: z.record(z.string(), z.string()),
});
export type TestSessionTriggerResponse = z.infer<typeof TestSessionTriggerResponse>;

export const TEST_SESSION_STATUSES = ['RUNNING', 'PASSED', 'FAILED', 'CANCELLED'] as const;
export type TestSessionStatus = (typeof TEST_SESSION_STATUSES)[number];

export const TestSessionResult = z.object({
  testSessionResultId: z.string(),
  checkSessionId: z.string(),
  checkId: z.string(),
  name: z.string(),
  checkType: z.enum(CHECK_TYPES),
  status: z.enum(TEST_SESSION_STATUSES),
  checkSessionStatus: z.enum(SESSION_STATUSES),
  resultType: z.enum(RESULT_TYPES).nullable(),
  runLocation: z.string().nullable(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  /** A `checkly test` run's check is no stored check: its construct's logicalId names it (checkId repeats it). */
  logicalId: z.string().optional(),
  /** Why Sightline could not run this check (no agent, queue full): its own failure, not the check's. */
  notRunReason: z.string().nullable().optional(),
});

export const TestSession = z.object({
  testSessionId: z.string(),
  testSessionLink: z.string(),
  name: z.string(),
  provider: z.string(),
  status: z.enum(TEST_SESSION_STATUSES),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  timeElapsed: z.number(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  results: z.array(TestSessionResult),
});
export type TestSession = z.infer<typeof TestSession>;

export const TestSessionListEntry = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  status: z.enum(TEST_SESSION_STATUSES),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  branchName: z.string().nullable(),
  commitOwner: z.string().nullable(),
  running: z.array(z.string()),
  passed: z.array(z.string()),
  failed: z.array(z.string()),
  cancelled: z.array(z.string()),
});
export type TestSessionListEntry = z.infer<typeof TestSessionListEntry>;

const Csv = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]).flatMap((p) => p.split(',')).filter(Boolean));

export const TestSessionListQuery = z.looseObject({
  limit: z.coerce.number().int().min(1, { message: 'limit must be at least 1' }).max(100, { message: 'limit must be at most 100' }).default(20),
  nextId: z.string().min(1).optional(),
  from: z.coerce.number().min(0).optional(),
  to: z.coerce.number().min(0).optional(),
  statuses: Csv.pipe(z.array(z.enum(TEST_SESSION_STATUSES, { message: `statuses must be among ${TEST_SESSION_STATUSES.join(', ')}` }))).optional(),
  textSearch: z.string().min(3).max(200).optional(),
  providers: Csv.optional(),
  branches: Csv.optional(),
  users: Csv.optional(),
});
export type TestSessionListQuery = z.infer<typeof TestSessionListQuery>;

export const TestSessionList = z.object({ entries: z.array(TestSessionListEntry), nextId: z.string().nullable(), length: z.number() });
export type TestSessionList = z.infer<typeof TestSessionList>;

export const TestSessionIdParams = z.object({ testSessionId: z.string().min(1) });
