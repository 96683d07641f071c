import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { JobOutcome, NoResultReason } from '../../runner/jobs';
import type { ExecutionResult } from '../../../src-shared/schemas/run-job';
import { noAgentMessage } from '../../../src-shared/rules/no-agent';
import type { TestRunRequest, TestRunResponse } from '../../../src-shared/schemas/test-run';
import type { ServiceContext } from '../context';
import { cancellableRun } from './cancel';
import { cliDetails, cliLogs } from './cli-shape';
import { planTestRun, type PlannedTestJob } from './plan';
import { recordTestResult, recordTestRun, type RecordedResult } from './record';
import { rememberScheduling } from './scheduling';

/** A run that cannot start within this long (its lane busy) is reported as not run, like "run once". */
const START_WITHIN_MS = 60_000;

/** Sightline's own reasons for not running a check: none of them says anything about the check. */
const NOT_RUN: Record<NoResultReason, string> = {
  SKIPPED: 'it could not start within a minute (every run slot of its type was busy, or no agent of its location is connected)',
  CANCELLED: 'the run was cancelled',
  LEASE_EXPIRED: 'its agent went away',
  SHUTDOWN: 'the server is shutting down',
  EXECUTOR_ERROR: 'an internal error (the server logged why)',
  PREVIOUS_RUN_ACTIVE: 'another run was still going',
  AGENT_OFFLINE: "this machine's agent is offline (none of its canaries answer)",
  NO_AGENT: 'no agent is connected to its private location',
  AGENT_UNREACHABLE: 'the agent of its private location is unreachable (the server has not heard from it)',
  SUSPENDED: 'Sightline was suspended (the machine slept or the process was stopped) while it ran, so it is not judged',
};

/** Where the live progress of a test run goes (the MQTT feed the CLI follows); one per check run suite. */
export interface TestRunListener {
  runStart(checkRunSuiteId: string, sequenceId: string): void;
  result(checkRunSuiteId: string, sequenceId: string, message: Record<string, unknown>): void;
  error(checkRunSuiteId: string, sequenceId: string, message: string): void;
}

/** One result as the CLI's reporters read it (`checkly trigger` publishes the same shape). */
function cliResult(job: PlannedTestJob, runLocation: string, result: ExecutionResult) {
  const failed = result.hasFailures || result.hasErrors || result.timedOut;
  return {
    logicalId: job.logicalId,
    name: job.name,
    checkType: job.checkType,
    hasFailures: failed,
    hasErrors: result.hasErrors,
    isDegraded: result.isDegraded,
    isCancelled: false,
    runLocation,
    responseTime: result.responseTime,
    startedAt: result.startedAt,
    stoppedAt: result.stoppedAt,
    ...cliDetails({ ...result, checkType: job.checkType }),
  };
}

/**
 * A check no agent could run, as the CLI shows a cancelled run (⊘, "cancelled" in the summary, exit
 * code untouched): the reason goes in the title because the CLI prints details only for failures.
 */
function notRunResult(job: PlannedTestJob, runLocation: string, at: number) {
  const time = new Date(at).toISOString();
  const message = noAgentMessage(runLocation);
  return {
    logicalId: job.logicalId,
    name: `${job.name} (${message.split('. ')[0]})`,
    checkType: job.checkType,
    hasFailures: false,
    hasErrors: false,
    isDegraded: false,
    isCancelled: true,
    runLocation,
    responseTime: 0,
    startedAt: time,
    stoppedAt: time,
    logs: cliLogs(job.checkType, [{ level: 'WARN', msg: message, time: at }]),
  };
}

interface RunContext {
  runLocation: string;
  listener: TestRunListener;
  testSessionId: string | null;
  signal: AbortSignal;
}

async function runOne(ctx: ServiceContext, job: PlannedTestJob, ids: { sequenceId: string; testResultId: string }, { runLocation, listener, testSessionId, signal }: RunContext) {
  const adHoc = ctx.runtime.adHoc;
  /**
   * Stores the check's end BEFORE the CLI hears of it: the CLI reads the test session as soon as its
   * last result arrives, and must find it stopped. Whether it was stored: a write that fails is
   * logged and the outcome still goes out (the check did run; only Sightline's copy is missing).
   */
  const record = async (entry: Omit<RecordedResult, 'testSessionResultId' | 'sequenceId' | 'logicalId' | 'name' | 'checkType' | 'runLocation'>): Promise<boolean> => {
    if (!testSessionId) return false;
    try {
      await recordTestResult(ctx, testSessionId, { ...entry, testSessionResultId: ids.testResultId, sequenceId: ids.sequenceId, logicalId: job.logicalId, name: job.name, checkType: job.checkType, runLocation });
      return true;
    } catch (error) {
      ctx.logger.error({ err: error, testSessionId, logicalId: job.logicalId }, 'a test run result could not be stored; the CLI is told it anyway');
      return false;
    }
  };
  const startedAt = ctx.clock.now().getTime();
  listener.runStart(job.checkRunSuiteId, ids.sequenceId);
  for (let attempt = 0; ; attempt++) {
    let outcome: JobOutcome | null = null;
    if (adHoc) outcome = await adHoc.run({ ...job.execution, runLocation }, { accountId: ctx.accountId, signal, startWithinMs: START_WITHIN_MS });
    const result = outcome?.result;
    if (!result && outcome?.reason === 'NO_AGENT') {
      const at = ctx.clock.now().getTime();
      await record({ status: 'CANCELLED', checkSessionStatus: 'CANCELLED', startedAt, stoppedAt: at, notRunReason: noAgentMessage(runLocation) });
      listener.result(job.checkRunSuiteId, ids.sequenceId, { result: notRunResult(job, runLocation, at), testResultId: null, resultType: 'FINAL' });
      return;
    }
    if (!result) {
      const reason =
        outcome?.reason === 'CANCELLED'
          ? 'Cancelled before it finished.'
          : `Sightline could not run this check: ${adHoc ? NOT_RUN[outcome?.reason ?? 'EXECUTOR_ERROR'] : 'this server runs no agent'}. The check itself was not tried.`;
      await record({ status: 'CANCELLED', checkSessionStatus: 'CANCELLED', startedAt, stoppedAt: ctx.clock.now().getTime(), notRunReason: reason });
      listener.error(job.checkRunSuiteId, ids.sequenceId, reason);
      return;
    }
    const shown = cliResult(job, runLocation, result);
    if (shown.hasFailures && attempt < job.maxRetries) {
      listener.result(job.checkRunSuiteId, ids.sequenceId, { result: shown, testResultId: null, resultType: 'ATTEMPT' });
      continue;
    }
    const status = shown.hasFailures ? 'FAILED' : 'PASSED';
    const stored = await record({ status, checkSessionStatus: shown.hasFailures ? 'FAILED' : result.isDegraded ? 'DEGRADED' : 'PASSED', startedAt, stoppedAt: Date.parse(result.stoppedAt), notRunReason: null });
    listener.result(job.checkRunSuiteId, ids.sequenceId, { result: shown, testResultId: stored ? ids.testResultId : null, resultType: 'FINAL' });
    return;
  }
}

/**
 * POST /v1/test-sessions/run (`checkly test`): runs each job once (plus the CLI's retries) on the
 * chosen location without storing a check; live progress goes to the listener. With shouldRecord
 * the run is kept as a test session. Answers as soon as every job is queued.
 */
export async function startTestRun(ctx: ServiceContext, request: TestRunRequest, listener: TestRunListener): Promise<TestRunResponse> {
  if (!ctx.runtime.adHoc) throw new AppError('unavailable', 'Checks cannot run right now: this server runs no agent. Start it without --no-agent and try again.');
  if (ctx.runtime.shutdown.signal.aborted) throw new AppError('unavailable', 'The server is shutting down; run `checkly test` again once it is back.');
  const plan = await planTestRun(ctx, request);
  const ids = new Map(plan.jobs.map((job) => [job.logicalId, { sequenceId: randomUUID(), testResultId: randomUUID() }]));
  const testSessionId = request.shouldRecord === false ? null : randomUUID();
  if (testSessionId) {
    const now = ctx.clock.now().getTime();
    const results: RecordedResult[] = plan.jobs.map((job) => ({
      testSessionResultId: ids.get(job.logicalId)!.testResultId,
      sequenceId: ids.get(job.logicalId)!.sequenceId,
      logicalId: job.logicalId,
      name: job.name,
      checkType: job.checkType,
      status: 'RUNNING',
      checkSessionStatus: 'STARTED',
      runLocation: plan.runLocation,
      startedAt: now,
      stoppedAt: null,
      notRunReason: null,
    }));
    await recordTestRun(ctx, { id: testSessionId, name: request.name?.trim() || 'checkly test', projectLogicalId: request.project?.logicalId ?? null, results });
  }
  const cancellable = cancellableRun(ctx, testSessionId);
  const runs = plan.jobs.map((job) =>
    runOne(ctx, job, ids.get(job.logicalId)!, { runLocation: plan.runLocation, listener, testSessionId, signal: cancellable.signal }).catch((error: unknown) => {
      ctx.logger.error({ err: error, logicalId: job.logicalId }, 'a test run job failed inside Sightline');
      listener.error(job.checkRunSuiteId, ids.get(job.logicalId)!.sequenceId, 'Sightline could not run this check: an internal error (the server logged why). The check itself was not tried.');
    }),
  );
  void Promise.all(runs).then(cancellable.done);
  const schedulingId = rememberScheduling(ctx.accountId);
  const pick = (key: 'sequenceId' | 'testResultId') => Object.fromEntries(plan.jobs.map((job) => [job.logicalId, ids.get(job.logicalId)![key]]));
  return { schedulingId, testSessionId, testResultIds: pick('testResultId'), sequenceIds: pick('sequenceId') };
}
