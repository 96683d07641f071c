import { API_SCRIPT_TIMEOUT_MS } from '../../src-shared/schemas/api-check';
import type { ApiScriptLog, ApiScriptRequest, ApiScriptResponse } from './warm/protocol';
import type { ApiScriptRun, ExecutionError, ExecutorDeps, WarmApiScriptResult } from './types';

/**
 * Setup and teardown scripts of API checks (issue 33 item 2), run on the warm multi-step runtime: the
 * same processes, isolation and limits as multi-step runs (docs/ARCHITECTURE.md, "What isolates a
 * run"). A setup script sees and may change `request` before it is sent; a teardown script sees
 * `request` and `response` and may change the response before the assertions. Both read the check's
 * variables as process.env and may use fetch. A check without scripts never calls these.
 */


/** A script as the check stores it: localSetupScript / localTearDownScript, with the CLI's path and local files when it sent them. */
export interface ApiScriptSource {
  script: string;
  scriptPath?: string | null;
  dependencies?: { path: string; content: string }[] | null;
}

interface ScriptCall {
  source: ApiScriptSource;
  env: Record<string, string>;
  /** The script's limit: the public 10 s, or less when the check has less left. */
  timeoutMs?: number;
  accountId?: string;
  signal?: AbortSignal;
}

/**
 * How a script ended: `ok` with what it left, `failed` with the run's error (the script's own fault,
 * never the target's), or `aborted`. `logs` are kept either way, for the result's jobLog.
 */
export type ApiScriptOutcome<T> =
  | { kind: 'ok'; value: T; logs: ApiScriptLog[]; durationMs: number }
  | { kind: 'failed'; error: ExecutionError; logs: ApiScriptLog[]; timedOut: boolean }
  | { kind: 'aborted'; logs: ApiScriptLog[] };

export function hasScript(script: string | null | undefined): script is string {
  return typeof script === 'string' && script.trim().length > 0;
}

/** Runs a setup script: the request as the script left it. */
export async function runApiSetupScript(deps: ExecutorDeps, call: ScriptCall & { request: ApiScriptRequest }): Promise<ApiScriptOutcome<ApiScriptRequest>> {
  const result = await runOnWarmRuntime(deps, { ...call, phase: 'setup', response: null });
  return settle('setup', result, (done) => done.request, call.timeoutMs);
}

/** Runs a teardown script: the response as the script left it (the assertions judge this one). */
export async function runApiTeardownScript(deps: ExecutorDeps, call: ScriptCall & { request: ApiScriptRequest; response: ApiScriptResponse }): Promise<ApiScriptOutcome<ApiScriptResponse>> {
  const result = await runOnWarmRuntime(deps, { ...call, phase: 'teardown' });
  return settle('teardown', result, (done) => done.response ?? call.response, call.timeoutMs);
}

type Ran = Exclude<WarmApiScriptResult, { kind: 'unavailable' }>;

async function runOnWarmRuntime(deps: ExecutorDeps, call: ScriptCall & Pick<ApiScriptRun, 'phase' | 'request' | 'response'>): Promise<Ran> {
  // No runtime (the server's SIGHTLINE_MULTISTEP_RUNTIME=full, or no sandbox on this machine): Sightline cannot run the script, which is not the target's fault.
  if (!deps.warmRuntime) throw new Error(`Sightline has no warm runtime here to run an API check's ${call.phase} script (it needs the multi-step sandbox and SIGHTLINE_MULTISTEP_RUNTIME other than "full")`);
  const result = await deps.warmRuntime.runApiScript({
    phase: call.phase,
    script: call.source.script,
    scriptPath: call.source.scriptPath,
    dependencies: call.source.dependencies,
    request: call.request,
    response: call.response,
    env: call.env,
    timeoutMs: Math.max(1, Math.min(API_SCRIPT_TIMEOUT_MS, call.timeoutMs ?? API_SCRIPT_TIMEOUT_MS)),
    accountId: call.accountId,
    signal: call.signal,
  });
  if (result.kind === 'unavailable') throw new Error(`an API check's ${call.phase} script could not be run: ${result.message}`);
  return result;
}

function settle<T>(phase: 'setup' | 'teardown', result: Ran, value: (done: Extract<WarmApiScriptResult, { kind: 'done' }>) => T, timeoutMs: number | undefined): ApiScriptOutcome<T> {
  const limit = Math.min(API_SCRIPT_TIMEOUT_MS, timeoutMs ?? API_SCRIPT_TIMEOUT_MS);
  const failed = (kind: ExecutionError['kind'], message: string, logs: ApiScriptLog[] = [], timedOut = false): ApiScriptOutcome<T> => ({ kind: 'failed', error: { kind, message }, logs, timedOut });
  if (result.kind === 'aborted') return { kind: 'aborted', logs: [] };
  if (result.kind === 'syntax') return failed('SCRIPT_ERROR', `the ${phase} script cannot be compiled: ${result.message}`);
  if (result.kind === 'stopped') {
    if (result.reason === 'hung') return failed('TIMEOUT', `the ${phase} script exceeded its time limit of ${limit} ms and was stopped: ${result.message}`, [], true);
    if (result.reason === 'memory') return failed('SCRIPT_ERROR', `the ${phase} script went over its memory limit and was stopped`);
    return failed('SCRIPT_ERROR', `the ${phase} script was stopped: ${result.message}`);
  }
  if (result.timedOut) return failed('TIMEOUT', `the ${phase} script did not finish within its time limit of ${limit} ms`, result.logs, true);
  if (result.error) {
    const where = result.error.location ? ` (${result.error.location.file}:${result.error.location.line}:${result.error.location.column})` : '';
    return failed('SCRIPT_ERROR', `the ${phase} script failed: ${result.error.message ?? 'Error'}${where}`, result.logs);
  }
  return { kind: 'ok', value: value(result), logs: result.logs, durationMs: Math.round(result.durationMs) };
}
