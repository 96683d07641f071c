import { z } from 'zod';
import { CHECK_TYPES } from '../enums';
import { CheckResult } from './check-result';
import { RESULT_TYPES } from './check-session';

const QueryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The fields `GET /v2/check-results/{checkId}?fields=` may name (the public API's list). */
export const RESULT_FIELDS = [
  'id', 'name', 'checkId', 'hasFailures', 'hasErrors', 'isDegraded', 'isCancelled', 'overMaxResponseTime', 'runLocation',
  'startedAt', 'stoppedAt', 'created_at', 'createdAt', 'responseTime', 'apiCheckResult', 'browserCheckResult',
  'multiStepCheckResult', 'agenticCheckResult', 'playwrightCheckResult', 'tracerouteCheckResult', 'grpcCheckResult',
  'sslCheckResult', 'checkRunId', 'attempts', 'resultType', 'sequenceId', 'traceId', 'errorGroupIds',
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

/** Comma-separated or repeated (`fields=a,b` or `fields=a&fields=b`), as the public API accepts both. */
const FieldList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((part) => part.split(',')).map((f) => f.trim()).filter(Boolean))
  .pipe(z.array(z.enum(RESULT_FIELDS, { message: `each field must be one of ${RESULT_FIELDS.join(', ')}` })));

export const CheckResultListV2Query = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    location: z.string().min(1).optional(),
    checkType: z.enum(CHECK_TYPES).optional(),
    hasFailures: QueryBoolean.optional(),
    resultType: z.enum([...RESULT_TYPES, 'ALL']).default('FINAL'),
    from: z.coerce.number().min(0).optional(),
    to: z.coerce.number().min(0).optional(),
    nextId: z.string().min(1).optional(),
    fields: FieldList.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to !== undefined && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });
export type CheckResultListV2Query = z.infer<typeof CheckResultListV2Query>;

/** `{length, entries, nextId}`; an entry is a check result, projected to `fields` when given. */
export const CheckResultListV2 = z.object({
  length: z.number(),
  // Every member is there unless `fields` leaves it out; `createdAt` only when `fields` names it (an alias of created_at).
  entries: z.array(CheckResult.partial().extend({ createdAt: z.string().optional() })),
  nextId: z.string().nullable(),
});
export type CheckResultListV2 = z.infer<typeof CheckResultListV2>;
