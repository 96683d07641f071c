import { z } from 'zod';
import { CHECK_TYPE_MODULES, RUN_TYPE_NAMES } from '../check-types';
import type { CheckTypeModule } from '../check-types/define';
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

/** The check types whose console form can send an unsaved check once ("Send now"), from their modules. */
export const SEND_NOW_TYPES = RUN_TYPE_NAMES.filter((type) => (CHECK_TYPE_MODULES[type].run as CheckTypeModule['run']).sendNow === true);

/**
 * "Send now" (the API, URL and SSL forms): an unsaved check sent once, not a check. `check` is the
 * form's body (what its type's run takes is read from it: the request, its thresholds, an API check's
 * variables and scripts); as for a multi-step run once, `checkId` names the check being edited, whose
 * stored secrets the form shows only as set, and `groupId` lends the group's variables and defaults.
 */
export const SendNowRequest = z.object({
  checkType: z.enum(RUN_TYPE_NAMES).refine((type) => SEND_NOW_TYPES.includes(type), { message: `must be one of ${SEND_NOW_TYPES.join(', ')}: other types are run once from their own forms` }),
  checkId: z.string().min(1).max(100).optional(),
  groupId: ApiCheckCreate.shape.groupId.optional(),
  check: z.record(z.string(), z.unknown()),
});
export type SendNowRequest = z.infer<typeof SendNowRequest>;
export type SendNowRequestInput = z.input<typeof SendNowRequest>;

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
  /** What a stored API or URL result carries as `apiCheckResult` (request, response, timings, certificate), kept in full. */
  apiCheckResult?: unknown;
  /** What a stored SSL result carries as `sslCheckResult` (the handshake, the chain). */
  sslCheckResult?: unknown;
}
