import { AppError } from '../../core/errors';
import { findSessions } from '../../db/repositories/runs-sessions';
import type { CheckSession, RunSource, TriggerSessionsRequest } from '../../../src-shared/schemas/check-session';
import type { ServiceContext } from '../context';
import { shuttingDownError } from '../runtime';
import { loadCheckPlans } from './load-plans';
import { isRunnable, type CheckPlan, type RunnablePlan } from './plan';
import { startSessions } from './start-sessions';
import { matchesTagTarget } from '../../../src-shared/rules/match-tags';
import { sessionView } from './view';
import { sealEnvironment } from '../secrets';

/** Starts one session per plan now and hands its jobs to the run coordinator. */
export async function runPlansNow(ctx: ServiceContext, plans: readonly RunnablePlan[], runSource: RunSource): Promise<CheckSession[]> {
  const control = ctx.runtime.runs;
  if (!control) throw new AppError('unavailable', 'Checks cannot run right now: the scheduler is not running in this process.');
  // No session starts after the shutdown signal: it would only be recorded as interrupted.
  if (ctx.runtime.shutdown.signal.aborted) throw shuttingDownError();
  const dispatches = await startSessions(
    ctx,
    plans.map((plan) => ({ plan, runSource })),
  );
  await control.dispatch(dispatches);
  const now = ctx.clock.now().getTime();
  const sessions = new Map((await findSessions(ctx.db, dispatches.map((d) => d.sessionId))).map((s) => [s.id, s]));
  const views = [];
  for (const d of dispatches) {
    const session = sessions.get(d.sessionId);
    if (session) views.push(await sessionView(ctx.db, session, ctx.runtime.baseUrl, now));
  }
  return views;
}

/**
 * POST /v1/check-sessions/trigger: a session for every check the target matches. Named checks run
 * whether or not they are activated; without a target, every activated check runs. 404 when
 * nothing matches.
 */
export async function triggerCheckSessions(ctx: ServiceContext, request: TriggerSessionsRequest, runSource: RunSource = 'TRIGGER_API', runVariables: readonly RunVariable[] = []): Promise<CheckSession[]> {
  const target = request.target;
  const named = target?.checkId;
  let plans = (await loadCheckPlans(ctx, { accountId: ctx.accountId, checkIds: named?.length ? named : undefined })).filter(isRunnable);
  if (!named?.length) plans = plans.filter((p) => p.scheduled);
  if (target?.matchTags?.length) {
    const tagsOf = new Map(loadTags(plans));
    plans = plans.filter((p) => matchesTagTarget(tagsOf.get(p.checkId) ?? [], target.matchTags ?? []));
  }
  if (plans.length === 0) throw new AppError('not_found', 'No matching checks found.');
  // Sealed like the check's own secrets: opened only where the job is handed to its executor or remote agent.
  const variables = sealEnvironment(ctx.keyring, runVariables) ?? [];
  return await runPlansNow(ctx, plans.map((p) => withRunEnvironment(p, variables)), runSource);
}

function loadTags(plans: readonly CheckPlan[]): [string, string[]][] {
  return plans.map((p) => [p.checkId, p.tags]);
}

export interface RunVariable {
  key: string;
  value: string;
  /** Required, so no source of run variables can drop it: the executor scrubs what is marked secret. */
  secret: boolean;
}

/**
 * Variables given for one run (`checkly trigger -e KEY=value`) reach that run's multi-step scripts and
 * win over the check's own of the same name, flag included; other check types take no variables.
 */
export function withRunEnvironment(plan: RunnablePlan, variables: readonly RunVariable[]): RunnablePlan {
  const execution = plan.execution;
  if (variables.length === 0 || execution.checkType !== 'MULTI_STEP') return plan;
  const given = new Set(variables.map((v) => v.key));
  const check = execution.check;
  const own = (check.environmentVariables ?? []).filter((v) => !given.has(v.key));
  const environmentVariables = [...own, ...variables.map((v) => ({ key: v.key, value: v.value, secret: v.secret }))];
  return { ...plan, execution: { ...execution, check: { ...check, environmentVariables } } };
}

/** The console's "Run now": one session of one check at once (runSource SCHEDULE_NOW). */
export async function runCheckNow(ctx: ServiceContext, checkId: string, runSource: RunSource = 'SCHEDULE_NOW'): Promise<CheckSession> {
  const plan = (await loadCheckPlans(ctx, { accountId: ctx.accountId, checkIds: [checkId] }))[0];
  if (!plan) throw AppError.notFound();
  if (!isRunnable(plan)) throw new AppError('validation', plan.problem ?? (plan.checkType === 'HEARTBEAT' ? 'checkType: a heartbeat is not run: the server judges it from its pings (ping its URL instead)' : `checkType: ${plan.checkType} checks cannot run here`));
  const [session] = await runPlansNow(ctx, [plan], runSource);
  if (!session) throw AppError.notFound();
  return session;
}
