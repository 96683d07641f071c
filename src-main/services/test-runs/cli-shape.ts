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

/** An assertion as the CLI reads it: failed when it carries `error`, which then says what it expected and saw. */
interface CliAssertion {
  source: string;
  property: string;
  comparison: string;
  target: string;
  regex: string | null;
  actual: unknown;
  passed: boolean;
  error?: string;
}

function cliAssertions(assertions: readonly CliAssertion[]): CliAssertion[] {
  return assertions.map((a) => (a.passed ? a : { ...a, error: a.error ?? `expected ${a.comparison} ${a.target}, received ${JSON.stringify(a.actual)}` }));
}

interface HttpEvidence {
  request: unknown;
  response: unknown;
  requestError: string | null;
  jobLog?: { setup: CliLog[]; teardown: CliLog[] } | null;
}

interface SslEvidence {
  tlsVersion: string | null;
  cipherSuite: string | null;
  daysUntilExpiry: number | null;
  handshakeTimeMs: number;
  chainTrusted: boolean;
  hostnameVerified: boolean;
  response: { resolvedIp: string | null; chainTrustDetail: string | null } | null;
}

/** What a run gives the CLI's reporters to print under a failure, as a run returned it or as it was stored. */
export interface CliEvidence {
  checkType: string;
  assertions: readonly CliAssertion[];
  /** The run's own error (none for a plain assertion failure's message, which the assertions show). */
  error: { message: string } | null;
  stoppedAt: string;
  apiCheckResult?: HttpEvidence | null;
  sslCheckResult?: SslEvidence | null;
}

/**
 * The members the CLI 8.23.2's reporters (dist/reporters/util.js, formatCheckResult) print under a
 * failed check, which `checkly test` and `checkly trigger` both show:
 * - API and URL: `checkRunData` with the request, the response (status, headers, body), each assertion
 *   (a failed one with what it expected and what it saw) or the `requestError`, and `logs` by phase:
 *   the setup and teardown scripts' own lines, and the run's error under "Request Logs";
 * - SSL: `checkRunData.response` (TLS, days until expiry, handshake, trust) and the assertions;
 * - every other type: the run's error under "Logs".
 */
export function cliDetails(run: CliEvidence): Record<string, unknown> {
  const errorLogs = run.error ? [{ level: 'ERROR', msg: run.error.message, time: Date.parse(run.stoppedAt) }] : [];
  const http = run.apiCheckResult;
  if ((run.checkType === 'API' || run.checkType === 'URL') && http) {
    return {
      checkRunData: { request: http.request, response: http.response, assertions: cliAssertions(run.assertions), requestError: http.requestError },
      logs: { setup: http.jobLog?.setup ?? [], request: http.requestError ? [] : errorLogs, teardown: http.jobLog?.teardown ?? [] },
    };
  }
  const ssl = run.sslCheckResult;
  if (run.checkType === 'SSL' && ssl) {
    const response = {
      resolvedIp: ssl.response?.resolvedIp ?? null,
      protocol: ssl.tlsVersion,
      cipherSuite: ssl.cipherSuite,
      daysUntilExpiry: ssl.daysUntilExpiry,
      handshakeTimeMs: ssl.handshakeTimeMs,
      chainTrusted: ssl.chainTrusted,
      hostnameVerified: ssl.hostnameVerified,
    };
    // No handshake: the CLI prints a requestError alone; otherwise the handshake, the assertions and why the chain is not trusted.
    const requestError = ssl.response ? null : (run.error?.message ?? null);
    const why = ssl.response?.chainTrustDetail ? [{ level: 'ERROR', msg: ssl.response.chainTrustDetail, time: Date.parse(run.stoppedAt) }] : [];
    return { checkRunData: { response: ssl.response ? response : null, assertions: cliAssertions(run.assertions), requestError }, logs: requestError ? [] : [...errorLogs, ...why] };
  }
  return { logs: errorLogs };
}

