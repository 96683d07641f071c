import type { ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import { runHttpCheck } from './http-check';

/** A URL monitor's run: one GET, judged by its status-code assertions (none: any answer below 400 passes). */
export async function runUrl(job: Extract<ExecutionJob, { checkType: 'URL' }>, deps: ExecutorDeps): Promise<ExecutionResult> {
  const { check } = job;
  const { assertions, ...request } = check.request;
  const judged = assertions.length > 0 ? assertions : [{ source: 'STATUS_CODE' as const, comparison: 'LESS_THAN' as const, property: '', target: '400', regex: null }];
  return runHttpCheck(
    { request, assertions: judged, variables: [], limits: check, certificateExpiryDays: check.certificateExpiryDays, timeoutMs: Math.max(1000, job.timeoutMs - 5_000), signal: job.signal },
    deps,
  );
}
