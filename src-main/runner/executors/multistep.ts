import { readFile } from 'node:fs/promises';
import { summarizeReport, cleanText, type ReportSummary } from '../multistep-report';
import { createWorkspace, playwrightCliPath, playwrightVersion, removeWorkspace } from '../multistep-workspace';
import { runTool } from '../process';
import { createScrubber } from '../scrub';
import type { ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps, MultiStepCheckResult } from '../types';
import { settle } from '../verdict';

/** Playwright needs a moment to start before the script's own time limit (the job's timeoutMs) begins. */
export const STARTUP_ALLOWANCE_MS = 10_000;

function childEnv(job: Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>, root: string, reportFile: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, TMPDIR: root, FORCE_COLOR: '0', CI: '1' };
  for (const variable of job.check.environmentVariables ?? []) env[variable.key] = variable.value ?? '';
  // Under Electron, process.execPath is the Electron binary; this makes it behave as plain Node.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  env.PLAYWRIGHT_JSON_OUTPUT_FILE = reportFile;
  return env;
}

async function readReport(file: string, workDir: string): Promise<ReportSummary | null> {
  try {
    return summarizeReport(JSON.parse(await readFile(file, 'utf8')), workDir);
  } catch {
    return null;
  }
}

/**
 * Runs the script with @playwright/test in a child process (request fixture only) and records its
 * tests, steps and errors; responseTime is Playwright's run duration. Secrets never leave this function.
 */
export async function runMultiStep(job: Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const scrub = createScrubber((check.environmentVariables ?? []).filter((v) => v.secret && v.value).map((v) => v.value as string));
  const finish = (fault: ExecutionError | null, extra: { hasErrors?: boolean; timedOut?: boolean; aborted?: boolean } = {}) =>
    scrub.deep(settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits: check, fault, assertions: [], ...extra }));

  const workspace = await createWorkspace(check, job.timeoutMs, deps.tempRoot);
  if ('error' in workspace) return finish({ kind: 'SCRIPT_ERROR', message: workspace.error }, { hasErrors: true });
  try {
    const node = deps.tools?.node ?? process.execPath;
    const run = await runTool(
      {
        command: node,
        args: [deps.playwrightCli ?? playwrightCliPath(), 'test', '--config', workspace.configFile, '--reporter=json'],
        cwd: workspace.workDir,
        env: childEnv(job, workspace.root, workspace.reportFile),
        timeoutMs: job.timeoutMs + (deps.multiStepStartupAllowanceMs ?? STARTUP_ALLOWANCE_MS),
        signal: job.signal,
        wrap: false,
      },
      deps,
    );
    if (run.missing) return finish({ kind: 'TOOL_MISSING', message: `multi-step checks need Node.js: "${node}" could not be run` }, { hasErrors: true });
    if (run.aborted) return finish(null, { aborted: true });

    const summary = run.timedOut ? null : await readReport(workspace.reportFile, workspace.workDir);
    const stoppedAt = deps.now();
    let fault: ExecutionError | null = summary?.fault ?? null;
    if (run.timedOut) fault = { kind: 'TIMEOUT', message: `the multi-step run exceeded its time limit of ${job.timeoutMs} ms and was stopped` };
    else if (!summary) fault = { kind: 'SCRIPT_ERROR', message: `Playwright exited with code ${run.exitCode} without a report: ${cleanText(run.stderr.trim(), workspace.workDir).slice(-1000) || 'no output'}` };

    const payload: MultiStepCheckResult = {
      startTime: startedAt.getTime(),
      endTime: stoppedAt.getTime(),
      runtimeVersion: playwrightVersion(),
      errors: summary?.errors ?? [],
      tests: summary?.tests ?? [],
      jobLog: summary ? summary.jobLog : [{ stream: 'stderr', text: cleanText(run.stderr, workspace.workDir).slice(-4000) }],
    };
    const verdict = settle({
      startedAt,
      stoppedAt,
      responseTime: summary?.durationMs ?? run.durationMs,
      limits: check,
      fault,
      timedOut: run.timedOut || summary?.timedOut === true,
      assertions: [],
    });
    return scrub.deep({ ...verdict, multiStepCheckResult: payload });
  } finally {
    await removeWorkspace(workspace.root);
  }
}
