import type { ExecutionResult } from '../../../src-shared/schemas/run-job';

interface CliLog {
  level: string;
  msg: string;
  time: number;
}

/**
 * The CLI 8.23.2's reporters read `logs` of an API or URL result as `{ setup, request, teardown }`
 * (each a list) and crash on a plain list; every other type's `logs` is a plain list.
 */
export function cliLogs(checkType: string, logs: CliLog[]): CliLog[] | { setup: CliLog[]; request: CliLog[]; teardown: CliLog[] } {
  return checkType === 'API' || checkType === 'URL' ? { setup: [], request: logs, teardown: [] } : logs;
}

/**
 * What the CLI prints under a failed API or URL check ("HTTP Request", "HTTP Response",
 * "Assertions" or "Request Error"): `checkRunData` from the run's `apiCheckResult`.
 */
export function cliRunData(result: ExecutionResult): Record<string, unknown> | undefined {
  const payload = (result as { apiCheckResult?: { request: unknown; response: unknown; requestError: string | null } | null }).apiCheckResult;
  if (!payload) return undefined;
  return { request: payload.request ?? undefined, response: payload.response, requestError: payload.requestError ?? undefined, assertions: result.assertions };
}
