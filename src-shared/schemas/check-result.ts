import { z } from 'zod';
import { API_PAYLOAD_SHAPE } from '../check-types';
import { CHECK_TYPES } from '../enums';
import { RESULT_TYPES } from './check-session';
export { IcmpResultPayload } from './result-payloads';

const QueryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Listing window: at most 6 hours (the public API's rule); from/to are UNIX seconds. */
export const RESULT_WINDOW_SECONDS = 6 * 3600;

export const CheckResultListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    page: z.coerce.number().int().min(1).default(1),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
    location: z.string().min(1).optional(),
    checkType: z.enum(CHECK_TYPES).optional(),
    resultType: z.enum([...RESULT_TYPES, 'ALL']).default('FINAL'),
    hasFailures: QueryBoolean.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to !== undefined) {
      if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
      else if (q.to - q.from > RESULT_WINDOW_SECONDS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be at most 6 hours after from' });
    }
  });
export type CheckResultListQuery = z.infer<typeof CheckResultListQuery>;

export const CheckResultParams = z.object({ checkId: z.string().min(1), checkResultId: z.string().min(1) });
export const CheckIdParams = z.object({ checkId: z.string().min(1) });

/** One result in full (GET /v1/check-results/{checkId}/{checkResultId} and the listing). */
export const CheckResult = z.object({
  id: z.string(),
  checkResultId: z.string(),
  checkSessionId: z.string(),
  name: z.string(),
  checkId: z.string(),
  checkType: z.enum(CHECK_TYPES),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean(),
  isCancelled: z.boolean(),
  aborted: z.boolean(),
  timedOut: z.boolean(),
  overMaxResponseTime: z.boolean(),
  runLocation: z.string(),
  startedAt: z.string(),
  stoppedAt: z.string(),
  created_at: z.string(),
  responseTime: z.number().nullable(),
  attempts: z.number(),
  resultType: z.enum(RESULT_TYPES),
  /** The run (session) this result belongs to: its integer id, its uuid, and a W3C trace id made of the same 16 bytes. */
  checkRunId: z.number(),
  sequenceId: z.string().nullable(),
  traceId: z.string().nullable(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  /** Each type's payload (`icmpCheckResult`, …), from its module in src-shared/check-types; null for other types. */
  ...API_PAYLOAD_SHAPE,
});
export type CheckResult = z.infer<typeof CheckResult>;
