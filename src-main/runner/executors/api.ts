import { API_SCRIPT_TIMEOUT_MS, apiScriptAllowanceMs, HTTP_METHODS, type ApiJobLog } from '../../../src-shared/schemas/api-check';
import { hasScript, runApiSetupScript, runApiTeardownScript, type ApiScriptOutcome } from '../api-scripts';
import { CREDENTIAL_HEADERS, substitute, type BuiltRequest, type Variable } from '../http/api-request';
import type { HttpExchange, HttpMethod } from '../http/http-request';
import { createScrubber, SCRUBBED } from '../scrub';
import type { ExecutionJob, ExecutorDeps, ExecutionResult } from '../types';
import type { ApiScriptLog, ApiScriptRequest, ApiScriptResponse } from '../warm/protocol';
import { runHttpCheck, withGroupDefaults, type HttpCheckScripts, type ScriptStep } from './http-check';

type ApiJob = Extract<ExecutionJob, { checkType: 'API' }>;

/** An API check's run: its request with the group's defaults and the variables in, judged by its assertions. */
export async function runApi(job: ApiJob, deps: ExecutorDeps): Promise<ExecutionResult> {
  const { check } = job;
  const variables = (check.environmentVariables ?? []).map((v) => ({ key: v.key, value: v.value ?? '', secret: v.secret }));
  const merged = withGroupDefaults(check.request, check.request.assertions, variables, check.groupDefaults);
  return runHttpCheck(
    {
      request: merged.request,
      assertions: merged.assertions,
      variables: merged.variables,
      limits: check,
      certificateExpiryDays: check.certificateExpiryDays,
      // The scripts' own limits come out of the run's (a check without scripts has none).
      timeoutMs: Math.max(1000, job.timeoutMs - 5_000 - apiScriptAllowanceMs(check)),
      signal: job.signal,
      // A check without scripts never touches the warm runtime.
      scripts: hasScript(check.localSetupScript) || hasScript(check.localTearDownScript) ? apiScripts(job, deps, merged.request.queryParameters ?? [], merged.variables) : undefined,
    },
    deps,
  );
}

/**
 * The check's setup and teardown scripts on the warm runtime (runner/api-scripts.ts), with the
 * request and response objects of the public docs: the setup script gets the request as it would be
 * sent (variables in, headers by lower-case name, query parameters apart from the URL) and what it
 * leaves is sent; the teardown script gets the response and what it leaves is judged.
 */
function apiScripts(job: ApiJob, deps: ExecutorDeps, rawQuery: { key: string; value: string }[], variables: Variable[]): HttpCheckScripts {
  const { check } = job;
  const values = new Map<string, string>();
  for (const variable of variables) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  const env = Object.fromEntries(values);
  const jobLog: ApiJobLog = { setup: [], teardown: [] };
  let sensitive: string[] = variables.filter((v) => v.secret && v.value.length >= 4).map((v) => v.value);
  const common = { env, accountId: job.accountId, signal: job.signal, timeoutMs: API_SCRIPT_TIMEOUT_MS };
  const keep = <T>(phase: keyof ApiJobLog, outcome: ApiScriptOutcome<T>): ApiScriptOutcome<T> => {
    jobLog[phase] = outcome.logs;
    return outcome;
  };
  const step = <T>(outcome: ApiScriptOutcome<T>): ScriptStep<T> =>
    outcome.kind === 'ok' ? { kind: 'ok', value: outcome.value } : outcome.kind === 'aborted' ? { kind: 'aborted' } : { kind: 'failed', error: outcome.error, timedOut: outcome.timedOut };
  const scrubLogs = (lines: ApiScriptLog[]) => {
    const scrub = createScrubber(sensitive);
    return lines.map((line) => ({ ...line, msg: scrub.text(line.msg) }));
  };
  return {
    jobLog: () => ({ setup: scrubLogs(jobLog.setup), teardown: scrubLogs(jobLog.teardown) }),
    setup: hasScript(check.localSetupScript)
      ? async (built) => {
          const request = scriptRequest(built, rawQuery, values);
          const outcome = keep('setup', await runApiSetupScript(deps, { ...common, source: { script: check.localSetupScript ?? '', scriptPath: check.setupScriptPath, dependencies: check.setupScriptDependencies }, request }));
          if (outcome.kind !== 'ok') return step(outcome);
          const changed = fromScriptRequest(built, outcome.value);
          if ('error' in changed) return { kind: 'failed', error: { kind: 'SCRIPT_ERROR', message: `the setup script left a request that cannot be sent: ${changed.error}` }, timedOut: false };
          sensitive = [...new Set([...sensitive, ...changed.sensitive])];
          return { kind: 'ok', value: changed };
        }
      : undefined,
    teardown: hasScript(check.localTearDownScript)
      ? async (exchange, built) => {
          const request = scriptRequest(built, rawQuery, values);
          const outcome = keep('teardown', await runApiTeardownScript(deps, { ...common, source: { script: check.localTearDownScript ?? '', scriptPath: check.tearDownScriptPath, dependencies: check.tearDownScriptDependencies }, request, response: scriptResponse(exchange) }));
          return outcome.kind === 'ok' ? { kind: 'ok', value: fromScriptResponse(exchange, outcome.value) } : step(outcome);
        }
      : undefined,
  };
}

/** The request as a script sees it: the URL without the check's query parameters, which it gets apart. */
function scriptRequest(built: BuiltRequest, rawQuery: { key: string; value: string }[], values: ReadonlyMap<string, string>): ApiScriptRequest {
  const url = new URL(built.spec.url);
  const queryParameters: Record<string, string> = {};
  for (const { key, value } of rawQuery) {
    const name = substitute(key, values);
    queryParameters[name] = substitute(value, values);
    url.searchParams.delete(name);
  }
  return { method: built.spec.method, url: url.href, body: built.spec.body ?? '', headers: { ...built.spec.headers }, queryParameters };
}

/** The request a setup script left, as it is sent and shown (its credentials scrubbed like the check's own). */
function fromScriptRequest(built: BuiltRequest, request: ApiScriptRequest): BuiltRequest | { error: string } {
  const method = request.method.toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) return { error: `request.method "${request.method}" is not one of ${HTTP_METHODS.join(', ')}` };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { error: `request.url "${request.url}" is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `request.url "${request.url}" is not an http(s) URL` };
  for (const [key, value] of Object.entries(request.queryParameters)) url.searchParams.append(key, value);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  // A credential the script set ("Bearer <token>") is scrubbed whole and as its bare token, wherever it shows (its log too).
  const credentials = Object.entries(headers).filter(([name]) => CREDENTIAL_HEADERS.has(name)).flatMap(([, value]) => [value, value.replace(/^\S+\s+/, '')]);
  const secrets = [...new Set([...built.sensitive, ...credentials.filter((value) => value.length >= 4)])].sort((a, b) => b.length - a.length);
  const scrub = (text: string) => secrets.reduce((out, secret) => out.split(secret).join(SCRUBBED), text);
  const body = request.body === '' ? null : request.body;
  return {
    sensitive: secrets,
    spec: { ...built.spec, method: method as HttpMethod, url: url.href, headers, body },
    shown: {
      method,
      url: scrub(url.href),
      data: scrub(body ?? ''),
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, CREDENTIAL_HEADERS.has(name) ? SCRUBBED : scrub(value)])),
      params: Object.fromEntries(Object.entries(request.queryParameters).map(([k, v]) => [k, scrub(v)])),
    },
  };
}

function scriptResponse(exchange: HttpExchange): ApiScriptResponse {
  return {
    statusCode: exchange.status ?? 0,
    statusText: exchange.statusText ?? '',
    body: exchange.fullBody,
    headers: { ...exchange.headers },
    timings: { ...exchange.timings },
    timingPhases: { ...exchange.timingPhases },
  };
}

/** The response a teardown script left, as the assertions judge it; the measured timings stay as measured. */
function fromScriptResponse(exchange: HttpExchange, response: ApiScriptResponse): HttpExchange {
  if (response.body === exchange.fullBody && response.statusCode === exchange.status && response.statusText === exchange.statusText && sameHeaders(response.headers, exchange.headers)) return exchange;
  const kept = exchange.body.length > 0 && exchange.bodyTruncated ? exchange.body.length : KEPT_BODY_CHARS;
  const changedBody = response.body !== exchange.fullBody;
  return {
    ...exchange,
    status: response.statusCode,
    statusText: response.statusText,
    headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value])),
    fullBody: response.body,
    body: changedBody ? response.body.slice(0, kept) : exchange.body,
    bodyTruncated: changedBody ? response.body.length > kept : exchange.bodyTruncated,
    bodyBytes: changedBody ? Buffer.byteLength(response.body) : exchange.bodyBytes,
  };
}

/** The part of a body a result keeps (the HTTP engine's 64 KiB). */
const KEPT_BODY_CHARS = 64 * 1024;

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
