import { getCheckResult } from '../check-results';
import type { ServiceContext } from '../context';
import { cliDetails } from './cli-shape';

/**
 * What the CLI prints under a failed check of `checkly trigger`, from the stored result (the run
 * feed publishes results after they are recorded): the same members as a `checkly test` result.
 * Null when the result is gone (retention) or belongs to no check of the account.
 */
export async function storedCliDetails(ctx: ServiceContext, checkId: string, checkResultId: string): Promise<Record<string, unknown> | null> {
  let result: Awaited<ReturnType<typeof getCheckResult>>;
  try {
    result = await getCheckResult(ctx, checkId, checkResultId);
  } catch {
    return null;
  }
  const payload = (result.apiCheckResult ?? result.sslCheckResult ?? null) as { assertions?: unknown } | null;
  const assertions = Array.isArray(payload?.assertions) ? (payload.assertions as Parameters<typeof cliDetails>[0]['assertions']) : [];
  return cliDetails({
    checkType: result.checkType,
    assertions,
    error: result.error,
    stoppedAt: result.stoppedAt,
    // The stored payload falls back to the run's error for its requestError; a failed assertion is no request error (the CLI would print it alone).
    apiCheckResult: result.apiCheckResult && result.error?.kind === 'ASSERTION_FAILED' ? ({ ...result.apiCheckResult, requestError: null } as Parameters<typeof cliDetails>[0]['apiCheckResult']) : (result.apiCheckResult as Parameters<typeof cliDetails>[0]['apiCheckResult']),
    sslCheckResult: result.sslCheckResult as Parameters<typeof cliDetails>[0]['sslCheckResult'],
  });
}
