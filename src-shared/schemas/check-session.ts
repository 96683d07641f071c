import { z } from 'zod';
import { CHECK_TYPES } from '../enums';
import { SESSION_STATUSES } from '../rules/session-status';

/** Append-only: the stored code of a run source is its index here. */
export const RUN_SOURCES = [
  'SCHEDULER',
  'SCHEDULE_NOW',
  'TRIGGER_API',
  'GROUP_RUN_ALL',
  'CLI_DEPLOY',
  'DEPLOYMENT',
  'DEPLOYMENT_CACHE_WARMER',
  'EDITOR',
  'LEGACY_TRIGGER',
  'SLACK_RERUN',
  'TEST_NO_RECORD',
  'TEST_RECORD',
  'TRIGGER_NO_RECORD',
  'TRIGGER_RECORD',
  /**
   * Sightline's own run, started to decide an alert on fresh facts: a dependency whose dependent just
   * failed, or a held-down dependent once its dependency recovered.
   */
  'DEPENDENCY_CHECK',
] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

export const RESULT_TYPES = ['FINAL', 'ATTEMPT'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const TriggerTarget = z.object({
  checkId: z.array(z.uuid({ message: 'must be a uuid' })).optional(),
  matchTags: z.array(z.array(z.string())).optional(),
});
export type TriggerTarget = z.infer<typeof TriggerTarget>;

export const TriggerSessionsRequest = z
  .object({
    target: TriggerTarget.optional(),
    refreshCache: z.boolean().optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type TriggerSessionsRequest = z.infer<typeof TriggerSessionsRequest>;

export const CheckSessionIdParams = z.object({ checkSessionId: z.string().min(1) });

export const CompletionQuery = z.object({
  maxWaitSeconds: z.coerce.number().min(1).max(30).default(30),
});
export type CompletionQuery = z.infer<typeof CompletionQuery>;
/** v2 takes whole seconds only (public schema: integer 1..30); v1 takes any number in 1..30. */
export const CompletionQueryV2 = z.object({
  maxWaitSeconds: z.coerce.number().int().min(1).max(30).default(30),
});

export const CancelSessionRequest = z
  .object({ sequenceId: z.array(z.uuid()).min(1).optional() })
  .nullish()
  .transform((v) => v ?? {});

export const ConciseCheckResult = z.object({
  checkResultId: z.string(),
  checkResultLink: z.string(),
  checkId: z.string(),
  checkType: z.enum(CHECK_TYPES),
  name: z.string(),
  runLocation: z.string(),
  resultType: z.enum(RESULT_TYPES),
  hasErrors: z.boolean(),
  hasFailures: z.boolean(),
  isDegraded: z.boolean(),
  aborted: z.boolean(),
  isCancelled: z.boolean(),
  responseTime: z.number().nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type ConciseCheckResult = z.infer<typeof ConciseCheckResult>;

export const CheckSession = z.object({
  checkSessionId: z.string(),
  checkSessionLink: z.string(),
  checkId: z.string(),
  checkType: z.enum(CHECK_TYPES),
  name: z.string(),
  status: z.enum(SESSION_STATUSES),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  timeElapsed: z.number(),
  runLocations: z.array(z.string()),
  runSource: z.enum(RUN_SOURCES),
  results: z.array(ConciseCheckResult),
});
export type CheckSession = z.infer<typeof CheckSession>;

export const TriggerSessionsResponse = z.object({ sessions: z.array(CheckSession) });
export type TriggerSessionsResponse = z.infer<typeof TriggerSessionsResponse>;
