import { z } from 'zod';
import { ApiCheckCreate } from './api-check';
import { MultiStepCheckCreate, multiStepFileRules } from './multistep-check';

const fields = MultiStepCheckCreate.shape;

/**
 * "Run once without saving" (the console's multi-step form): the script and what it runs with, not
 * a check. `checkId` names the check being edited, whose stored secrets the form shows only as set
 * (sent back as the mask, they run with their stored values); `groupId` lends the group's variables.
 */
export const RunOnceRequest = z
  .object({
    checkId: z.string().min(1).max(100).optional(),
    groupId: fields.groupId.optional(),
    script: fields.script,
    dependencies: fields.dependencies.optional(),
    environmentVariables: fields.environmentVariables.optional(),
    maxResponseTime: fields.maxResponseTime,
    degradedResponseTime: fields.degradedResponseTime,
  })
  .superRefine(multiStepFileRules);
export type RunOnceRequest = z.infer<typeof RunOnceRequest>;
export type RunOnceRequestInput = z.input<typeof RunOnceRequest>;

const apiFields = ApiCheckCreate.shape;

/**
 * "Send now" (the console's API check form): the request and its judgement, not a check. As for a
 * multi-step run once, `checkId` names the check being edited and `groupId` lends the group's
 * variables and `apiCheckDefaults`.
 */
export const ApiRunOnceRequest = z.object({
  checkId: z.string().min(1).max(100).optional(),
  groupId: apiFields.groupId.optional(),
  request: apiFields.request,
  environmentVariables: apiFields.environmentVariables.optional(),
  shouldFail: apiFields.shouldFail,
  degradedResponseTime: apiFields.degradedResponseTime,
  maxResponseTime: apiFields.maxResponseTime,
  certificateExpiryDays: apiFields.certificateExpiryDays,
});
export type ApiRunOnceRequest = z.infer<typeof ApiRunOnceRequest>;
export type ApiRunOnceRequestInput = z.input<typeof ApiRunOnceRequest>;

/** How the run ended; NOT_RUN when it never started (the lane stayed busy, the server shut down). */
export const RUN_ONCE_STATUSES = ['PASSED', 'DEGRADED', 'FAILED', 'NOT_RUN'] as const;
export type RunOnceStatus = (typeof RUN_ONCE_STATUSES)[number];

export interface RunOnceResult {
  status: RunOnceStatus;
  /** Why there is no result (NOT_RUN), or the run's error. */
  message: string | null;
  /** The kind of the run's error (ASSERTION_FAILED, TIMEOUT, SCRIPT_ERROR...); null without one. */
  errorKind: string | null;
  timedOut: boolean;
  /** Milliseconds; null when it did not run. */
  responseTime: number | null;
  startedAt: string | null;
  stoppedAt: string | null;
  assertions: unknown[];
  /** What a stored multi-step result carries as `multiStepCheckResult` (tests, steps, errors, job log). */
  multiStepCheckResult?: unknown;
  /** What a stored API result carries as `apiCheckResult` (request, response, timings, certificate), kept in full. */
  apiCheckResult?: unknown;
}
