import { AppError } from '../../core/errors';
import { listVariablesOfAccounts } from '../../db/repositories/account-variables';
import { findPrivateLocationBySlug } from '../../db/repositories/private-locations';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import { AGENT_RUN_TYPE_NAMES, isAgentRunType, isRunType, plannedExecution, type PlannedExecution } from '../../../src-shared/schemas/run-job';
import type { TestRunJob, TestRunLocation, TestRunRequest } from '../../../src-shared/schemas/test-run';
import type { ServiceContext } from '../context';
import { CHECK_TYPE_MODULES } from '../../../src-shared/check-types';
import type { CheckTypeModule } from '../../../src-shared/check-types/define';

/** The most retries a test run honours (the CLI caps `--retries` at 3 itself). */
const MAX_TEST_RETRIES = 3;

export interface PlannedTestJob {
  logicalId: string;
  name: string;
  checkType: PlannedExecution['checkType'];
  checkRunSuiteId: string;
  execution: PlannedExecution;
  maxRetries: number;
}

export interface TestRunPlan {
  runLocation: string;
  jobs: PlannedTestJob[];
}

type Variable = { key: string; value: string | null; secret: boolean };

function listOf(value: unknown): { key?: unknown; value?: unknown; secret?: unknown }[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
}

/** The account's variables, then the inline group's, then the check's own (the more specific wins), as a stored check would see them. */
function variablesOf(accountVariables: Variable[], job: TestRunJob): Variable[] {
  const byKey = new Map<string, Variable>(accountVariables.map((v) => [v.key, v]));
  for (const v of [...listOf(job.group?.environmentVariables), ...listOf(job.environmentVariables)]) {
    if (typeof v.key === 'string') byKey.set(v.key, { key: v.key, value: typeof v.value === 'string' ? v.value : null, secret: v.secret === true });
  }
  return [...byKey.values()];
}

/** The CLI names a multi-step check's helper files by their index in `sharedFiles`; older payloads inline them. */
function dependenciesOf(job: TestRunJob, index: number, sharedFiles: TestRunRequest['sharedFiles'], key: 'dependencies' | 'setupScriptDependencies' | 'tearDownScriptDependencies' = 'dependencies'): { path: string; content: string }[] {
  const value = (job as Record<string, unknown>)[key];
  const listed = Array.isArray(value) ? (value as unknown[]) : [];
  return listed.map((entry, i) => {
    if (typeof entry === 'number') {
      const file = sharedFiles?.[entry];
      if (!file) throw new AppError('validation', `checkRunJobs[${index}].${key}[${i}]: no shared file at index ${entry} (sharedFiles has ${sharedFiles?.length ?? 0})`);
      return file;
    }
    const inline = entry as { path?: unknown; content?: unknown } | null;
    if (typeof inline?.path !== 'string' || typeof inline.content !== 'string') {
      throw new AppError('validation', `checkRunJobs[${index}].${key}[${i}]: must be a sharedFiles index or {path, content}`);
    }
    return { path: inline.path, content: inline.content };
  });
}

/**
 * Where the run goes: the embedded agent serves `local` and runs public locations under their own
 * names (a local install has no cloud regions); a private location's jobs go to its remote agents.
 */
async function runLocationOf(ctx: ServiceContext, location: TestRunLocation | null | undefined): Promise<string> {
  if (!location) return LOCAL_LOCATION;
  if (location.type === 'PUBLIC') return location.region;
  if (location.slugName === LOCAL_LOCATION) return LOCAL_LOCATION;
  if (!await findPrivateLocationBySlug(ctx.db, ctx.accountId, location.slugName)) throw new AppError('validation', `runLocation: no private location "${location.slugName}" in this account`);
  return location.slugName;
}

/**
 * Turns the CLI's jobs into executions without storing anything. A construct Sightline does not run
 * makes the whole run a 400 naming each such job, so nothing runs half.
 */
export async function planTestRun(ctx: ServiceContext, request: TestRunRequest): Promise<TestRunPlan> {
  // Heartbeats have nothing to run (their job pings them); the CLI's `test` leaves them out, as the public service does.
  const unsupported = request.checkRunJobs.filter((job) => !isAgentRunType(job.checkType));
  if (unsupported.length) {
    const names = unsupported.map((job) => `${job.logicalId} (${job.checkType})`).join(', ');
    const heartbeats = unsupported.some((job) => job.checkType === 'HEARTBEAT') ? ' Heartbeats are not run: the server judges them from their pings.' : '';
    throw new AppError('validation', `checkRunJobs: Sightline does not run ${names}; it runs ${AGENT_RUN_TYPE_NAMES.join(', ')} checks.${heartbeats} Leave these out with --grep or --tags.`, {
      unsupported: unsupported.map((job) => ({ logicalId: job.logicalId, checkType: job.checkType })),
    });
  }
  const seen = new Set<string>();
  for (const job of request.checkRunJobs) {
    if (seen.has(job.logicalId)) throw new AppError('validation', `checkRunJobs: logicalId "${job.logicalId}" appears twice`);
    seen.add(job.logicalId);
  }
  const runLocation = await runLocationOf(ctx, request.runLocation);
  const accountVariables = (await listVariablesOfAccounts(ctx.db, [ctx.accountId])).map((row) => ({ key: row.key, value: row.value, secret: row.secret }));
  const jobs = request.checkRunJobs.map((job, index): PlannedTestJob => {
    const body: Record<string, unknown> = { ...job };
    if (job.checkType === 'MULTI_STEP') body.dependencies = dependenciesOf(job, index, request.sharedFiles);
    // An API check's setup and teardown scripts bundled from an entrypoint name the project files they import the same way.
    if (job.checkType === 'API') {
      body.setupScriptDependencies = dependenciesOf(job, index, request.sharedFiles, 'setupScriptDependencies');
      body.tearDownScriptDependencies = dependenciesOf(job, index, request.sharedFiles, 'tearDownScriptDependencies');
    }
    // The CLI sends the check's group with the job: what the type takes from it (API checks: apiCheckDefaults) applies as on a schedule.
    const module = isRunType(job.checkType) ? (CHECK_TYPE_MODULES[job.checkType] as CheckTypeModule) : null;
    if (module?.run.groupDefaults && job.group && typeof job.group === 'object') Object.assign(body, module.run.groupDefaults(job.group as Record<string, unknown>));
    const planned = plannedExecution(job.logicalId, job.checkType, body, variablesOf(accountVariables, job));
    if ('problem' in planned) throw new AppError('validation', `checkRunJobs[${index}] (${job.logicalId}): ${planned.problem}`);
    return {
      logicalId: job.logicalId,
      name: job.name ?? job.logicalId,
      checkType: planned.checkType,
      checkRunSuiteId: job.sourceInfo.checkRunSuiteId.toLowerCase(),
      execution: planned,
      maxRetries: Math.min(MAX_TEST_RETRIES, job.testRetryStrategy?.maxRetries ?? 0),
    };
  });
  return { runLocation, jobs };
}
