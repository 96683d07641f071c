import type { ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import { settle } from '../verdict';
import { runHttpCheck, withGroupDefaults } from './http-check';

/** An API check's run: its request with the group's defaults and the variables in, judged by its assertions. */
export async function runApi(job: Extract<ExecutionJob, { checkType: 'API' }>, deps: ExecutorDeps): Promise<ExecutionResult> {
  const { check } = job;
  if ((check.localSetupScript ?? '').trim() !== '' || (check.localTearDownScript ?? '').trim() !== '') {
    // Not the target's failure: Sightline cannot run what the check asks for (docs/DECISIONS.md).
    const now = deps.now();
    const message = 'setup and teardown scripts of API checks do not run in Sightline yet: the request was not made';
    return {
      ...settle({ startedAt: now, stoppedAt: now, responseTime: 0, limits: check, fault: { kind: 'SCRIPT_ERROR', message }, assertions: [], hasErrors: true }),
      apiCheckResult: { kept: 'full', request: null, response: { status: null, statusText: null, body: '', headers: null, timings: null, timingPhases: null, bodyBytes: 0, bodyTruncated: false }, requestError: message, redirects: [], certificate: null },
    };
  }
  const variables = (check.environmentVariables ?? []).map((v) => ({ key: v.key, value: v.value ?? '', secret: v.secret }));
  const merged = withGroupDefaults(check.request, check.request.assertions, variables, check.groupDefaults);
  return runHttpCheck(
    {
      request: merged.request,
      assertions: merged.assertions,
      variables: merged.variables,
      limits: check,
      certificateExpiryDays: check.certificateExpiryDays,
      timeoutMs: Math.max(1000, job.timeoutMs - 5_000),
      signal: job.signal,
    },
    deps,
  );
}
