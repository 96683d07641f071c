import { buildApiRequest, apiResultPayload, type ApiRequestInput, type BuiltRequest, type KeyValue, type Variable } from '../http/api-request';
import { evaluateApiAssertion, type ApiAssertion, type ApiAssertionOutcome } from '../http/api-assertions';
import { performHttpRequest, type HttpExchange } from '../http/http-request';
import type { ExecutionError, ExecutionResult, ExecutorDeps } from '../types';
import { settle } from '../verdict';
import type { ApiCheckResult, ApiJobLog, GroupRequestDefaults } from '../../../src-shared/schemas/api-check';

/**
 * One HTTP request judged by assertions: the run of API checks and URL monitors. Nothing
 * user-written runs here (an API check's scripts run on the warm runtime), so it runs in the
 * server's or agent's own process. A target that refuses, times out, resets or answers garbage is
 * the target's failure; only running out of sockets or memory here is Sightline's own error.
 */
export interface HttpCheckRun {
  request: ApiRequestInput;
  assertions: readonly ApiAssertion[];
  variables: readonly Variable[];
  limits: { degradedResponseTime?: number | null; maxResponseTime?: number | null; shouldFail?: boolean | null };
  /** Fail when the https certificate expires within this many days (null: not checked). */
  certificateExpiryDays: number | null;
  timeoutMs: number;
  signal?: AbortSignal;
  /** An API check's setup and teardown scripts (executors/api.ts); absent without scripts. */
  scripts?: HttpCheckScripts;
}

/** How a script step ended: what it changed, the script's error (the check's failure, not the target's), or aborted. */
export type ScriptStep<T> = { kind: 'ok'; value: T } | { kind: 'failed'; error: ExecutionError; timedOut: boolean } | { kind: 'aborted' };

export interface HttpCheckScripts {
  /** Before the request: the request as the setup script left it. */
  setup?: (built: BuiltRequest) => Promise<ScriptStep<BuiltRequest>>;
  /** After a response, before the assertions: the response as the teardown script left it. */
  teardown?: (exchange: HttpExchange, built: BuiltRequest) => Promise<ScriptStep<HttpExchange>>;
  /** What the scripts logged so far (secrets scrubbed), for the result's jobLog. */
  jobLog: () => ApiJobLog;
}

const sameKey = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The check's pairs over the group's: a key the check sets replaces the group's. */
function overlay(group: readonly KeyValue[], check: readonly KeyValue[]): KeyValue[] {
  return [...group.filter((g) => !check.some((c) => sameKey(c.key, g.key))), ...check];
}

/**
 * A check's request with its group's apiCheckDefaults (docs/DECISIONS.md, "apiCheckDefaults"): the
 * group's URL is `{{GROUP_BASE_URL}}` and the base of a check URL starting with "/"; its headers and
 * query parameters come first and the check's replace them key by key; its assertions are added to
 * the check's; its basic auth applies when the check has none.
 */
export function withGroupDefaults(
  request: ApiRequestInput,
  assertions: readonly ApiAssertion[],
  variables: readonly Variable[],
  group: GroupRequestDefaults | null,
): { request: ApiRequestInput; assertions: ApiAssertion[]; variables: Variable[] } {
  if (!group) return { request, assertions: [...assertions], variables: [...variables] };
  const base = (group.url ?? '').trim();
  const url = base !== '' && request.url.startsWith('/') ? `${base.replace(/\/+$/, '')}${request.url}` : request.url;
  const ownAuth = request.basicAuth && (request.basicAuth.username !== '' || request.basicAuth.password !== '');
  return {
    request: {
      ...request,
      url,
      headers: overlay(group.headers, request.headers ?? []),
      queryParameters: overlay(group.queryParameters, request.queryParameters ?? []),
      basicAuth: ownAuth ? request.basicAuth : (group.basicAuth ?? request.basicAuth ?? null),
    },
    assertions: [...group.assertions, ...assertions],
    // Check variables first: the request builder takes the first value of a key.
    variables: base === '' ? [...variables] : [...variables, { key: 'GROUP_BASE_URL', value: base }],
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function certificateFault(exchange: HttpExchange, days: number | null, now: number): ExecutionError | null {
  const cert = exchange.certificate;
  if (days === null || !cert) return null;
  const left = Date.parse(cert.validTo) - now;
  if (left >= days * DAY_MS) return null;
  const host = new URL(exchange.url).hostname;
  return {
    kind: 'ASSERTION_FAILED',
    message: left < 0 ? `the certificate of ${host} expired on ${cert.validTo.slice(0, 10)}` : `the certificate of ${host} expires in ${cert.daysLeft} days (on ${cert.validTo.slice(0, 10)}), within certificateExpiryDays ${days}`,
  };
}

function emptyPayload(built: BuiltRequest | null, requestError: string | null): ApiCheckResult {
  return {
    kept: 'full',
    request: built?.shown ?? null,
    response: { status: null, statusText: null, body: '', headers: null, timings: null, timingPhases: null, bodyBytes: 0, bodyTruncated: false },
    requestError,
    redirects: [],
    certificate: null,
  };
}

export async function runHttpCheck(run: HttpCheckRun, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { scripts } = run;
  // A run with scripts keeps what they logged, and its whole request and response with it.
  const withLog = (payload: ApiCheckResult): ApiCheckResult => {
    if (!scripts) return payload;
    const jobLog = scripts.jobLog();
    return { ...payload, jobLog, kept: jobLog.setup.length + jobLog.teardown.length > 0 ? 'full' : payload.kept };
  };
  const abortedResult = (built: BuiltRequest | null, responseTime: number) => ({ ...settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: run.limits, fault: null, assertions: [], aborted: true }), apiCheckResult: withLog(emptyPayload(built, null)) });
  let built: BuiltRequest;
  try {
    built = buildApiRequest(run.request, run.variables);
  } catch (error) {
    // The URL only becomes one once its variables are in: a check whose URL still is not one is misconfigured, not down.
    const message = `the URL "${run.request.url}" is not a valid URL once its variables are replaced${error instanceof Error ? ` (${error.message})` : ''}`;
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits: run.limits, fault: { kind: 'INVALID_TARGET', message }, assertions: [], hasErrors: true });
    return { ...verdict, apiCheckResult: emptyPayload(null, message) };
  }
  if (scripts?.setup) {
    const step = await scripts.setup(built);
    if (step.kind === 'aborted') return abortedResult(built, 0);
    if (step.kind === 'failed') {
      const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits: run.limits, fault: step.error, timedOut: step.timedOut, assertions: [] });
      return { ...verdict, apiCheckResult: withLog({ ...emptyPayload(built, null), requestError: `the request was not made: ${step.error.message}` }) };
    }
    built = step.value;
  }
  let exchange = await performHttpRequest({ ...built.spec, timeoutMs: run.timeoutMs, signal: run.signal });
  const responseTime = exchange.timingPhases.total;
  if (run.signal?.aborted) return abortedResult(built, responseTime);
  if (exchange.error) {
    const own = exchange.error.own;
    const fault: ExecutionError = { kind: exchange.error.kind === 'TIMEOUT' ? 'TIMEOUT' : 'NETWORK_ERROR', message: `${built.shown.method} ${built.shown.url}: ${exchange.error.message}` };
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: run.limits, fault, assertions: [], hasErrors: own });
    return { ...verdict, apiCheckResult: withLog({ ...apiResultPayload(built, exchange, []), kept: 'full' }) };
  }
  if (scripts?.teardown) {
    const step = await scripts.teardown(exchange, built);
    if (step.kind === 'aborted') return abortedResult(built, responseTime);
    if (step.kind === 'failed') {
      const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: run.limits, fault: step.error, timedOut: step.timedOut, assertions: [] });
      return { ...verdict, apiCheckResult: withLog({ ...apiResultPayload(built, exchange, []), kept: 'full' }) };
    }
    exchange = step.value;
  }
  const outcomes: ApiAssertionOutcome[] = run.assertions.map((assertion) => evaluateApiAssertion(assertion, exchange));
  const fault = certificateFault(exchange, run.certificateExpiryDays, startedAt.getTime());
  const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: run.limits, fault, assertions: outcomes });
  const payload = apiResultPayload(built, exchange, outcomes);
  const passing = !verdict.hasFailures && !verdict.hasErrors && !verdict.isDegraded;
  return { ...verdict, apiCheckResult: withLog({ ...payload, kept: passing ? 'summary' : 'full' }) };
}
