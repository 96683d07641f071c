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

