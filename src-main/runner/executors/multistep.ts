import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { summarizeReport, cleanText, type ReportSummary } from '../multistep-report';
import { createWorkspace, installedNodeModules, playwrightCliPath, playwrightVersion, removeWorkspace } from '../multistep-workspace';
import { runTool } from '../process';
import { firstLine, handOver, launchCommand, sandboxFor } from '../sandbox';
import { DEFAULT_MULTISTEP_MEMORY_MB } from '../../../src-shared/rules/multistep-memory';
import { runScrubber } from '../scrub';
import type { ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps, MultiStepCheckResult, WarmResult } from '../types';
import { settle } from '../verdict';
import { Semaphore } from '../semaphore';

/** Playwright needs a moment to start before the script's own time limit (the job's timeoutMs) begins. */
export const STARTUP_ALLOWANCE_MS = 10_000;

function childEnv(job: Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>, root: string, reportFile: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, TMPDIR: root, FORCE_COLOR: '0', CI: '1' };
  for (const variable of job.check.environmentVariables ?? []) env[variable.key] = variable.value ?? '';
  // Under Electron, process.execPath is the Electron binary; this makes it behave as plain Node.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  env.PLAYWRIGHT_JSON_OUTPUT_FILE = reportFile;
  return env;
}

/** A JSON report larger than this is not read: it holds what the script printed, and the run's log keeps a few lines of that. */
const MAX_REPORT_BYTES = 32 * 1048576;
/** What a `playwright test` process may print on stdout and stderr together (its report goes to a file). */
const FULL_PATH_OUTPUT = { maxWindowBytes: 16 * 1048576, windowMs: 10_000 };

async function readReport(file: string, workDir: string): Promise<{ summary: ReportSummary; raw: string } | 'too-large' | null> {
  try {
    if ((await stat(file)).size > MAX_REPORT_BYTES) return 'too-large';
    const raw = await readFile(file, 'utf8');
    return { summary: summarizeReport(JSON.parse(raw), workDir), raw };
  } catch {
    return null;
  }
}

// What V8 and node say when a process reaches its memory limit (RLIMIT_DATA, the heap limit).
const OUT_OF_MEMORY = /JavaScript heap out of memory|Fatal (?:JavaScript|javascript) (?:OOM|out of memory)|Fatal process out of memory|Array buffer allocation failed|spawn ENOMEM/;

function memoryLimitFault(memoryMb: number, detail: string): ExecutionError {
  return {
    kind: 'SCRIPT_ERROR',
    message: `the script went over its memory limit of ${memoryMb} MB per process and was stopped (the server's --multistep-memory-mb or SIGHTLINE_MULTISTEP_MEMORY_MB sets the limit)${detail ? `: ${detail}` : ''}`,
  };
}

function outputLimitFault(detail: string): ExecutionError {
  return {
    kind: 'SCRIPT_ERROR',
    message: `the script went over its output limit and was stopped: ${detail}. Print less (the run's log keeps the first lines of what it prints), through console rather than the process's own file descriptors`,
  };
}

type MultiStepJob = Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>;

/** At most this many full-path runs at once: each is a `playwright test` process that keeps a core busy for seconds. */
const fullPathSlots = new Semaphore(Math.max(1, availableParallelism()));

/**
 * Runs the script on the warm runtime where there is one and the script uses only what it supports;
 * otherwise (or without one) with `playwright test` in a process of its own, the full path. The
 * result says which ran it. Secrets never leave this function.
 */
export async function runMultiStep(job: MultiStepJob, deps: ExecutorDeps): Promise<ExecutionResult> {
  if (!deps.warmRuntime) return runFullPath(job, deps, null);
  const startedAt = deps.now();
  const warm = await deps.warmRuntime.run(job);
  if (warm.kind === 'unsupported') return runFullPath(job, deps, `the warm runtime does not support ${warm.feature}`);
  return settleWarm(job, warm, startedAt, deps);
}

function settleWarm(job: MultiStepJob, warm: Exclude<WarmResult, { kind: 'unsupported' }>, startedAt: Date, deps: ExecutorDeps): ExecutionResult {
  const { check } = job;
  const scrub = runScrubber(check.environmentVariables);
  const stoppedAt = deps.now();
  const base = { startedAt, stoppedAt, limits: check, assertions: [] };
  if (warm.kind === 'aborted') return scrub.deep(settle({ ...base, responseTime: 0, fault: null, aborted: true }));
  let summary: ReportSummary | null = null;
  let fault: ExecutionError | null;
  if (warm.kind === 'report') {
    summary = summarizeReport(warm.report, '');
    fault = summary.fault;
  } else if (warm.kind === 'syntax') fault = { kind: 'SCRIPT_ERROR', message: `the script cannot be compiled: ${warm.message}` };
  else if (warm.reason === 'hung') fault = { kind: 'TIMEOUT', message: `the multi-step run exceeded its time limit of ${job.timeoutMs} ms and was stopped: ${warm.message}` };
  else if (warm.reason === 'memory') fault = memoryLimitFault(deps.multiStepMemoryMb ?? DEFAULT_MULTISTEP_MEMORY_MB, '');
  else if (warm.reason === 'output') fault = outputLimitFault(warm.message);
  else fault = { kind: 'SCRIPT_ERROR', message: warm.message };
  if (summary && fault && OUT_OF_MEMORY.test(fault.message)) fault = memoryLimitFault(deps.multiStepMemoryMb ?? DEFAULT_MULTISTEP_MEMORY_MB, fault.message);
  const payload: MultiStepCheckResult = {
    startTime: startedAt.getTime(),
    endTime: stoppedAt.getTime(),
    runtimeVersion: playwrightVersion(),
    runtime: 'WARM',
    errors: summary?.errors.length ? summary.errors : fault ? [{ message: fault.message }] : [],
    tests: summary?.tests ?? [],
    jobLog: summary?.jobLog ?? [],
  };
  const timedOut = fault?.kind === 'TIMEOUT';
  const hasErrors = warm.kind === 'stopped' && warm.reason === 'output';
  const responseTime = summary?.durationMs ?? (warm.kind === 'report' ? warm.durationMs : stoppedAt.getTime() - startedAt.getTime());
  return scrub.deep({ ...settle({ ...base, responseTime, fault, timedOut, hasErrors }), multiStepCheckResult: payload });
}

/**
 * Runs the script with @playwright/test in a child process (request fixture only) and records its
 * tests, steps and errors; responseTime is Playwright's run duration.
 */
async function runFullPath(job: MultiStepJob, deps: ExecutorDeps, reason: string | null): Promise<ExecutionResult> {
  try {
    await fullPathSlots.acquire(job.signal);
  } catch {
    return runScrubber(job.check.environmentVariables).deep(settle({ startedAt: deps.now(), stoppedAt: deps.now(), responseTime: 0, limits: job.check, fault: null, aborted: true, assertions: [] }));
  }
  try {
    return await runInOwnProcess(job, deps, reason);
  } finally {
    fullPathSlots.release();
  }
}

async function runInOwnProcess(job: MultiStepJob, deps: ExecutorDeps, reason: string | null): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const scrub = runScrubber(check.environmentVariables);
  const finish = (fault: ExecutionError | null, extra: { hasErrors?: boolean; timedOut?: boolean; aborted?: boolean } = {}) =>
    scrub.deep(settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits: check, fault, assertions: [], ...extra }));

  const nodeModules = installedNodeModules();
  const sandbox = await sandboxFor(deps, nodeModules);
  const workspace = await createWorkspace(check, job.timeoutMs, deps.tempRoot);
  if ('error' in workspace) return finish({ kind: 'SCRIPT_ERROR', message: workspace.error }, { hasErrors: true });
  try {
    const node = deps.tools?.node ?? process.execPath;
    const memoryMb = deps.multiStepMemoryMb ?? DEFAULT_MULTISTEP_MEMORY_MB;
    const platform = deps.platform ?? process.platform;
    if (sandbox.isolation === 'bubblewrap') await handOver(workspace.root, sandbox.runAs);
    const launch = await launchCommand(sandbox, {
      node,
      args: [deps.playwrightCli ?? playwrightCliPath(), 'test', '--config', workspace.configFile, '--reporter=json'],
      cwd: workspace.workDir,
      workspaceRoot: workspace.root,
      nodeModules,
      env: childEnv(job, workspace.root, workspace.reportFile),
      memoryMb,
      platform,
    });
    const run = await runTool(
      { ...launch, timeoutMs: job.timeoutMs + (deps.multiStepStartupAllowanceMs ?? STARTUP_ALLOWANCE_MS), signal: job.signal, wrap: false, outputLimit: FULL_PATH_OUTPUT },
      deps,
    );
    // bubblewrap gone since start, or refusing to set up the sandbox: Sightline's fault, never the target's.
    if (run.missing && sandbox.isolation === 'bubblewrap') throw new Error(`the multi-step sandbox could not be started: "${launch.command}" could not be run`);
    if (run.missing) return finish({ kind: 'TOOL_MISSING', message: `multi-step checks need Node.js: "${node}" could not be run` }, { hasErrors: true });
    if (run.aborted) return finish(null, { aborted: true });

    const read = run.timedOut || run.outputLimited ? null : await readReport(workspace.reportFile, workspace.workDir);
    const report = read === 'too-large' ? null : read;
    const summary = report?.summary ?? null;
    const sandboxFailure = sandbox.isolation === 'bubblewrap' && !report && !run.outputLimited && read !== 'too-large' && /^bwrap: .*/m.exec(run.stderr);
    if (sandboxFailure) throw new Error(`the multi-step sandbox could not be set up: ${sandboxFailure[0]}`);
    // The shell's "exec: node: not found" (126/127): the node binary is not there or not runnable.
    if (!report && (run.exitCode === 126 || run.exitCode === 127) && !OUT_OF_MEMORY.test(run.stderr)) {
      return finish({ kind: 'TOOL_MISSING', message: `multi-step checks need Node.js: "${node}" could not be run` }, { hasErrors: true });
    }
    const stoppedAt = deps.now();
    let fault: ExecutionError | null = summary?.fault ?? null;
    const overOutput = run.outputLimited === true || read === 'too-large';
    if (run.outputLimited) fault = outputLimitFault(`it printed more than ${FULL_PATH_OUTPUT.maxWindowBytes / 1048576} MiB within ${FULL_PATH_OUTPUT.windowMs / 1000} s`);
    else if (read === 'too-large') fault = outputLimitFault(`its report (mostly what it printed) was larger than ${MAX_REPORT_BYTES / 1048576} MiB`);
    else if (run.timedOut) fault = { kind: 'TIMEOUT', message: `the multi-step run exceeded its time limit of ${job.timeoutMs} ms and was stopped` };
    else if ((!summary || fault) && OUT_OF_MEMORY.test(`${report?.raw ?? ''}\n${run.stderr}\n${run.stdout}`)) fault = memoryLimitFault(memoryMb, fault?.message ?? firstLine(cleanText(run.stderr, workspace.workDir)));
    else if (!summary) fault = { kind: 'SCRIPT_ERROR', message: `Playwright exited with code ${run.exitCode} without a report: ${cleanText(run.stderr.trim(), workspace.workDir).slice(-1000) || 'no output'}` };

    const payload: MultiStepCheckResult = {
      startTime: startedAt.getTime(),
      endTime: stoppedAt.getTime(),
      runtimeVersion: playwrightVersion(),
      runtime: 'FULL',
      ...(reason ? { fullPathReason: reason } : {}),
      errors: summary?.errors.length ? summary.errors : fault ? [{ message: fault.message }] : [],
      tests: summary?.tests ?? [],
      jobLog: summary ? summary.jobLog : [{ stream: 'stderr', text: cleanText(run.stderr, workspace.workDir).slice(-4000) }],
    };
    const verdict = settle({
      startedAt,
      stoppedAt,
      responseTime: summary?.durationMs ?? run.durationMs,
      limits: check,
      fault,
      timedOut: !overOutput && (run.timedOut || summary?.timedOut === true),
      hasErrors: overOutput,
      assertions: [],
    });
    return scrub.deep({ ...verdict, multiStepCheckResult: payload });
  } finally {
    await removeWorkspace(workspace.root);
  }
}
