import type { PwBody, PwError, PwOutput, PwReport, PwRequest, PwStep, PwSuite } from './report-shape';
import { MULTI_STEP_BODY_BYTES_PER_TEST, MULTI_STEP_LOG_LINES, MULTI_STEP_REQUESTS_PER_TEST } from '../../src-shared/schemas/result-payloads';
import type { ExecutionError, MultiStepError, MultiStepLogLine, MultiStepStep, MultiStepTest } from './types';

export interface ReportSummary {
  tests: MultiStepTest[];
  errors: MultiStepError[];
  jobLog: MultiStepLogLine[];
  durationMs: number | null;
  fault: ExecutionError | null;
  timedOut: boolean;
}

const MAX_MESSAGE = 4000;
/**
 * Steps nested deeper than this keep no children: a remote agent posts results as JSON, whose
 * nesting the server limits (64 levels; http/json-depth.ts), and a step costs two levels.
 */
export const MAX_STEP_NESTING = 20;
const MAX_LOG_LINES = MULTI_STEP_LOG_LINES;
const MAX_REQUESTS = MULTI_STEP_REQUESTS_PER_TEST;
// Built from its code so the source holds no control character (eslint no-control-regex).
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
const NETWORK = /apiRequestContext\.\w+: (?:connect |getaddrinfo )?(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|socket hang up)/;

export function cleanText(text: string, workDir: string): string {
  const plain = text.replace(ANSI, '');
  // The warm runtime names files by their path in the check already: there is no folder to cut.
  return (workDir ? plain.split(`${workDir}/`).join('') : plain).slice(0, MAX_MESSAGE);
}

function toError(e: PwError, workDir: string): MultiStepError {
  return {
    message: cleanText(e.message ?? 'unknown error', workDir),
    ...(e.location ? { location: { ...e.location, file: cleanText(e.location.file, workDir) } } : {}),
    ...(e.snippet ? { snippet: cleanText(e.snippet, workDir) } : {}),
  };
}

function toStep(step: PwStep, workDir: string, level = 1): MultiStepStep {
  const children = level < MAX_STEP_NESTING ? (step.steps ?? []) : [];
  return {
    title: cleanText(step.title, workDir),
    duration: step.duration,
    ...(step.error ? { error: cleanText(step.error.message ?? 'step failed', workDir) } : {}),
    ...(children.length > 0 ? { steps: children.map((s) => toStep(s, workDir, level + 1)) } : {}),
  };
}

function outputText(entry: PwOutput): string {
  return entry.text ?? (entry.buffer ? Buffer.from(entry.buffer, 'base64').toString('utf8') : '');
}

/**
 * A test's calls as stored: at most MAX_REQUESTS, and bodies' text until the test's
 * MULTI_STEP_BODY_BYTES_PER_TEST are spent (later bodies keep their size, marked omitted).
 */
function storedRequests(requests: readonly PwRequest[], workDir: string): MultiStepTest['requests'] {
  let budget = MULTI_STEP_BODY_BYTES_PER_TEST;
  const keep = (body: PwBody | undefined): PwBody | undefined => {
    if (!body || body.text === undefined) return body;
    const cost = Buffer.byteLength(body.text);
    if (cost > budget) {
      const { text: _text, truncated: _truncated, ...rest } = body;
      return { ...rest, omitted: true };
    }
    budget -= cost;
    return body;
  };
  return requests.slice(0, MAX_REQUESTS).map((r) => {
    const requestBody = keep(r.requestBody);
    const responseBody = keep(r.responseBody);
    return {
      ...r,
      url: cleanText(r.url, workDir),
      ...(r.error ? { error: cleanText(r.error, workDir) } : {}),
      ...(requestBody ? { requestBody } : {}),
      ...(responseBody ? { responseBody } : {}),
    };
  });
}

function classify(test: MultiStepTest): ExecutionError {
  const message = test.errors[0]?.message ?? `test "${test.title}" ended with status ${test.status}`;
  const headline = message.split('\n').slice(0, 6).join('\n');
  if (test.status === 'timedOut') return { kind: 'TIMEOUT', message: `test "${test.title}" timed out: ${headline}` };
  if (NETWORK.test(message)) return { kind: 'NETWORK_ERROR', message: `test "${test.title}": ${headline}` };
  if (/expect\(/.test(message)) return { kind: 'ASSERTION_FAILED', message: `test "${test.title}": ${headline}` };
  return { kind: 'SCRIPT_ERROR', message: `test "${test.title}": ${headline}` };
}

/** Reads Playwright's JSON reporter output into the recorded shape and the run's outcome. */
export function summarizeReport(report: PwReport, workDir: string): ReportSummary {
  const tests: MultiStepTest[] = [];
  const jobLog: MultiStepLogLine[] = [];
  // Top-level suites are files; nested ones are describe() blocks whose titles prefix the test's.
  const visit = (suite: PwSuite, path: string[], isFile: boolean) => {
    const here = isFile || !suite.title ? path : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const result = test.results[test.results.length - 1];
        if (!result) continue;
        tests.push({
          title: cleanText([...here, spec.title].join(' › '), workDir),
          status: result.status,
          duration: result.duration,
          errors: (result.errors ?? []).map((e) => toError(e, workDir)),
          steps: (result.steps ?? []).map((s) => toStep(s, workDir)),
          ...(result.requests ? { requests: storedRequests(result.requests, workDir) } : {}),
        });
        for (const stream of ['stdout', 'stderr'] as const) {
          for (const entry of result[stream] ?? []) if (jobLog.length < MAX_LOG_LINES) jobLog.push({ stream, text: cleanText(outputText(entry), workDir) });
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, here, false);
  };
  for (const suite of report.suites ?? []) visit(suite, [], true);
  const errors = (report.errors ?? []).map((e) => toError(e, workDir));

  let fault: ExecutionError | null = null;
  const failed = tests.find((t) => t.status !== 'passed' && t.status !== 'skipped');
  if (errors.length > 0) fault = { kind: 'SCRIPT_ERROR', message: errors[0].message.split('\n').slice(0, 6).join('\n') };
  else if (tests.length === 0) fault = { kind: 'SCRIPT_ERROR', message: 'the script defines no test: write test("...", async ({ request }) => { ... })' };
  else if (failed) fault = classify(failed);
  // The public result lists a run's failures in its top-level `errors`, not only inside each test.
  const testErrors = tests.filter((t) => t.status !== 'passed' && t.status !== 'skipped').flatMap((t) => t.errors);
  return { tests, errors: [...errors, ...testErrors], jobLog, durationMs: report.stats?.duration ?? null, fault, timedOut: fault?.kind === 'TIMEOUT' };
}
