import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * POST /v1/test-sessions/run, as `checkly test` sends it: the checks' deploy payloads as jobs (group
 * settings inline), the project's shared files that multi-step jobs name by index, where to run and
 * whether to keep a test session. Members Sightline does not use are accepted and ignored.
 */

/** How many checks one `checkly test` may run at once (the CLI's filters narrow a larger project). */
export const MAX_TEST_RUN_JOBS = 100;
/** Shared files of one run (multi-step helpers), and their total size. */
export const MAX_SHARED_FILES = 200;

const SharedFile = z.object({
  path: z.string().min(1, { message: 'sharedFiles[].path must not be empty' }).max(1024),
  content: z.string().max(LIMITS.dependencyBytes, { message: `sharedFiles[].content must be at most ${LIMITS.dependencyBytes} bytes` }),
});

export const TestRunJob = z.looseObject({
  logicalId: z.string().min(1, { message: 'checkRunJobs[].logicalId must not be empty' }).max(1024),
  checkType: z.string({ message: 'checkRunJobs[].checkType is required' }).min(1),
  name: z.string().max(2048).optional(),
  filePath: z.string().max(1024).nullish(),
  group: z.looseObject({ environmentVariables: z.array(z.looseObject({ key: z.string(), value: z.string().nullish() })).nullish() }).nullish(),
  testRetryStrategy: z.looseObject({ maxRetries: z.number().int().min(0).max(10).optional() }).nullish(),
  sourceInfo: z.looseObject({ checkRunSuiteId: z.uuid({ message: 'checkRunJobs[].sourceInfo.checkRunSuiteId must be a uuid' }) }),
});
export type TestRunJob = z.infer<typeof TestRunJob>;

export const TestRunLocation = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('PUBLIC'), region: z.string().min(1).max(100) }),
  z.looseObject({ type: z.literal('PRIVATE'), id: z.string().max(100).optional(), slugName: z.string().min(1).max(100) }),
]);
export type TestRunLocation = z.infer<typeof TestRunLocation>;

export const TestRunRequest = z.looseObject({
  name: z.string().max(2048, { message: 'name must be at most 2048 characters' }).nullish(),
  checkRunJobs: z
    .array(TestRunJob, { message: 'checkRunJobs must be an array of checks' })
    .min(1, { message: 'checkRunJobs must hold at least one check' })
    .max(MAX_TEST_RUN_JOBS, { message: `checkRunJobs: a test run runs at most ${MAX_TEST_RUN_JOBS} checks; narrow it with --grep or --tags` }),
  sharedFiles: z.array(SharedFile).max(MAX_SHARED_FILES, { message: `sharedFiles: at most ${MAX_SHARED_FILES} files` }).nullish(),
  runLocation: TestRunLocation.nullish(),
  shouldRecord: z.boolean().optional(),
  project: z.looseObject({ logicalId: z.string().max(1024).optional() }).nullish(),
});
export type TestRunRequest = z.infer<typeof TestRunRequest>;

export const TestRunResponse = z.object({
  schedulingId: z.string(),
  /** null when the run is not recorded (`--no-record`): there is nothing to read back. */
  testSessionId: z.string().nullable(),
  /** logicalId → the id its result will have in the test session. */
  testResultIds: z.record(z.string(), z.string()),
  /** logicalId → the sequence id its live results are published under. */
  sequenceIds: z.record(z.string(), z.string()),
});
export type TestRunResponse = z.infer<typeof TestRunResponse>;

/** GET /v1/test-sessions/scheduling/{id}/completion: dispatch is done before the run is answered, so it is final at once. */
export const TestRunScheduling = z.object({
  id: z.string(),
  status: z.enum(['SUCCEEDED', 'FAILED']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type TestRunScheduling = z.infer<typeof TestRunScheduling>;
