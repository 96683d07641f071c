import { AppError } from '../../core/errors';
import { listVariablesOfAccounts } from '../../db/repositories/account-variables';
import { findCheckGroup } from '../../db/repositories/check-groups';
import { findCheck } from '../../db/repositories/checks';
import type { JobOutcome, NoResultReason } from '../../runner/jobs';
import { CHECK_TYPE_MODULES, type RunType } from '../../../src-shared/check-types';
import type { CheckTypeModule } from '../../../src-shared/check-types/define';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import type { EnvironmentVariable } from '../../../src-shared/schemas/check-common';
import { z } from 'zod';
import { EnvironmentVariable as EnvironmentVariableSchema } from '../../../src-shared/schemas/check-common';
import type { RunOnceRequest, RunOnceResult, SendNowRequest } from '../../../src-shared/schemas/run-once';
import { plannedExecution } from '../../../src-shared/schemas/run-job';
import type { ServiceContext } from '../context';
import { openEnvironment, resolveEnvironment, sealEnvironment, type EnvironmentInput } from '../secrets';

/** The variables a sent check holds (its type's schema limits them again when the run is planned). */
const SendNowVariables = z.array(EnvironmentVariableSchema).max(200).nullable().optional();

/** A run that cannot start within this long (every multi-step slot busy) is reported as not run. */
export const RUN_ONCE_START_WITHIN_MS = 60_000;

const NOT_RUN: Record<NoResultReason, string> = {
  SKIPPED: 'The run did not start within a minute: every multi-step run slot of this machine was busy. Try again shortly.',
  CANCELLED: 'The run was cancelled.',
  LEASE_EXPIRED: 'The run was lost.',
  SHUTDOWN: 'The server is shutting down; the run did not finish.',
  EXECUTOR_ERROR: 'The run failed inside Sightline (the server logged why); nothing was wrong with the script as far as is known.',
  // Only scheduled runs are held back for a run still going; a run once never is.
  PREVIOUS_RUN_ACTIVE: 'The run did not start: another run was still going.',
  AGENT_OFFLINE: "The run was not started: this machine's agent is offline (none of its canaries answer). Try again once its network is back.",
  // A run once runs on this machine's own agent, never a private location's.
  NO_AGENT: 'The run was not started: no agent is connected to its location.',
  AGENT_UNREACHABLE: 'The run was not started: the agent of its location is unreachable.',
  SUSPENDED: 'The run is not judged: Sightline was suspended (the machine slept or the process was stopped) while it ran. Try again.',
};

function variables(value: unknown): EnvironmentVariable[] {
  return Array.isArray(value) ? (value as EnvironmentVariable[]) : [];
}

/** What a run once names: the check being edited (its stored secrets), its group, and the variables the form holds. */
interface RunOnceScope {
  checkId?: string;
  groupId?: number | null;
  environmentVariables?: EnvironmentInput[] | null;
}

/**
 * The variables the run sees, as a stored check of the same settings would: the account's, then
 * its group's, then its own (the more specific wins on the same key). Secrets stay sealed until the
 * agent hands the job to the executor.
 */
async function environmentOf(ctx: ServiceContext, request: RunOnceScope, checkType: RunType): Promise<EnvironmentVariable[]> {
  const stored = request.checkId ? await findCheck(ctx.db, ctx.accountId, request.checkId) : undefined;
  if (request.checkId && (!stored || stored.checkType !== checkType)) throw AppError.notFound();
  const storedPlain = openEnvironment(ctx.keyring, stored?.body.environmentVariables ?? []);
  const own = sealEnvironment(ctx.keyring, resolveEnvironment(request.environmentVariables ?? [], storedPlain)) ?? [];
  const group = typeof request.groupId === 'number' ? await findCheckGroup(ctx.db, ctx.accountId, request.groupId) : undefined;
  const byKey = new Map<string, EnvironmentVariable>();
  for (const row of await listVariablesOfAccounts(ctx.db, [ctx.accountId])) byKey.set(row.key, { key: row.key, value: row.value, locked: row.locked, secret: row.secret });
  for (const variable of variables(group?.body.environmentVariables)) byKey.set(variable.key, variable);
  for (const variable of own) byKey.set(variable.key, { ...variable, locked: variable.locked === true, secret: variable.secret === true });
  return [...byKey.values()];
}

function resultOf(outcome: JobOutcome): RunOnceResult {
  const result = outcome.result;
  if (!result) {
    return {
      status: 'NOT_RUN',
      message: NOT_RUN[outcome.reason ?? 'EXECUTOR_ERROR'],
      errorKind: null,
      timedOut: false,
      responseTime: null,
      startedAt: null,
      stoppedAt: null,
      assertions: [],
      multiStepCheckResult: null,
      apiCheckResult: null,
      sslCheckResult: null,
    };
  }
  const failed = result.hasFailures || result.hasErrors;
  return {
    status: failed ? 'FAILED' : result.isDegraded ? 'DEGRADED' : 'PASSED',
    message: result.error?.message ?? null,
    errorKind: result.error?.kind ?? null,
    timedOut: result.timedOut,
    responseTime: result.responseTime,
    startedAt: result.startedAt,
    stoppedAt: result.stoppedAt,
    assertions: result.assertions,
    multiStepCheckResult: result.multiStepCheckResult ?? null,
    // A run once keeps its whole payload, passing or not, with the run's assertions and error as a stored result's view has them.
    apiCheckResult: result.apiCheckResult ? { ...result.apiCheckResult, assertions: result.assertions, requestError: result.apiCheckResult.requestError } : null,
    sslCheckResult: result.sslCheckResult ? { ...result.sslCheckResult, assertions: result.assertions, requestError: result.error?.message ?? null } : null,
  };
}

/**
 * "Run once without saving": runs a multi-step script once on this machine, in the multi-step lane
 * and sandbox every run uses, with the time limit a check of these settings would have, and answers
 * with its result. No check, session or result is stored, nothing alerts; the executor scrubs the
 * variables' secret values from what it reports, as for every run.
 */
export async function runMultiStepOnce(ctx: ServiceContext, request: RunOnceRequest, signal?: AbortSignal): Promise<RunOnceResult> {
  const adHoc = ctx.runtime.adHoc;
  if (!adHoc) throw new AppError('unavailable', 'Scripts cannot run right now: this process runs no agent.');
  const planned = plannedExecution(request.checkId ?? 'run-once', 'MULTI_STEP', { ...request, scriptPath: null }, await environmentOf(ctx, request, 'MULTI_STEP'));
  if ('problem' in planned) throw new AppError('validation', planned.problem);
  const outcome = await adHoc.run(
    { ...planned, runLocation: LOCAL_LOCATION },
    { accountId: ctx.accountId, signal, startWithinMs: RUN_ONCE_START_WITHIN_MS },
  );
  return resultOf(outcome);
}

/**
 * "Send now" on the API, URL and SSL forms: sends the unsaved check once from this machine, in the
 * lane every run of its type uses, with its group's defaults and (for types that take them) the
 * variables a stored check would see, and answers with the whole request and response (a run once
 * keeps everything, passing or not). An API check's setup and teardown scripts run as in every run.
 * Nothing is stored and nothing alerts. Which types take part, and what each adds from its group,
 * comes from their modules (`run.sendNow`, `run.groupDefaults`).
 */
export async function sendNow(ctx: ServiceContext, request: SendNowRequest, signal?: AbortSignal): Promise<RunOnceResult> {
  const adHoc = ctx.runtime.adHoc;
  if (!adHoc) throw new AppError('unavailable', 'Requests cannot be sent right now: this process runs no agent.');
  const module: CheckTypeModule = CHECK_TYPE_MODULES[request.checkType];
  if (module.run.sendNow !== true) throw new AppError('validation', `checkType: ${request.checkType} checks cannot be sent from a form; run them once from their own form`);
  // On an edited check, members the form does not edit (a deployed script's imported files) come from the stored check, as a save keeps them.
  const stored = request.checkId ? await findCheck(ctx.db, ctx.accountId, request.checkId) : undefined;
  if (request.checkId && (!stored || stored.checkType !== request.checkType)) throw AppError.notFound();
  const { environmentVariables: rawVariables, groupDefaults: _client, ...check } = request.check;
  const { environmentVariables: _stored, ...storedBody } = stored?.body ?? {};
  const parsedVariables = SendNowVariables.safeParse(rawVariables);
  if (!parsedVariables.success) throw new AppError('validation', `environmentVariables: ${parsedVariables.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  const group = typeof request.groupId === 'number' ? await findCheckGroup(ctx.db, ctx.accountId, request.groupId) : undefined;
  const fromGroup = group ? (module.run.groupDefaults?.(group.body) ?? {}) : {};
  const environment = await environmentOf(ctx, { ...request, environmentVariables: module.run.takesVariables ? parsedVariables.data : [] }, request.checkType);
  const planned = plannedExecution(request.checkId ?? 'send-now', request.checkType, { ...storedBody, ...check, ...fromGroup }, environment);
  if ('problem' in planned) throw new AppError('validation', planned.problem);
  const outcome = await adHoc.run({ ...planned, runLocation: LOCAL_LOCATION }, { accountId: ctx.accountId, signal, startWithinMs: RUN_ONCE_START_WITHIN_MS });
  return resultOf(outcome);
}
