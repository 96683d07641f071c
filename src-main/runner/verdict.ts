import { readJsonPath } from './json-path';
import type { ExecutionPayloadShape } from '../../src-shared/check-types';
import type { AssertionOutcome, CheckAssertion, Comparison, ExecutionError, ExecutionResult } from './types';

type Recorded = AssertionOutcome['actual'];

function toRecorded(value: unknown): Recorded {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function asNumber(value: Recorded): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Compares one value; numeric when both sides parse as numbers, else as text. */
export function compare(actual: unknown, comparison: Comparison, target: string): { passed: boolean; error?: string } {
  const recorded = toRecorded(actual);
  const a = asNumber(recorded);
  const t = asNumber(target);
  const numeric = a !== null && t !== null;
  const text = recorded === null ? '' : String(recorded);
  switch (comparison) {
    case 'EQUALS':
      return { passed: numeric ? a === t : text === target };
    case 'NOT_EQUALS':
      return { passed: numeric ? a !== t : text !== target };
    case 'GREATER_THAN':
    case 'LESS_THAN':
      if (!numeric) return { passed: false, error: `${comparison} compares numbers: got "${text}" and "${target}"` };
      return { passed: comparison === 'GREATER_THAN' ? a > t : a < t };
    case 'IS_EMPTY':
      return { passed: isEmpty(actual) };
    case 'NOT_EMPTY':
      return { passed: !isEmpty(actual) };
    case 'CONTAINS':
      return { passed: text.includes(target) };
    case 'NOT_CONTAINS':
      return { passed: !text.includes(target) };
    case 'IS_NULL':
      return { passed: actual === null || actual === undefined };
    case 'NOT_NULL':
      return { passed: actual !== null && actual !== undefined };
  }
}

/** An assertion's `regex`, when set, takes its first group (or whole match) from the value; an invalid one is the assertion's error. */
export function extractByRegex(actual: unknown, regex: string | null): { value: unknown } | { error: string } {
  if (regex === null) return { value: actual };
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex);
  } catch {
    return { error: `regex ${regex} is not a valid regular expression` };
  }
  const match = pattern.exec(actual === null || actual === undefined ? '' : String(toRecorded(actual)));
  return { value: match ? (match[1] ?? match[0]) : null };
}

/** Evaluates one assertion; `regex`, when set, extracts its first group (or whole match) from the value first. */
export function evaluateAssertion(assertion: CheckAssertion, actual: unknown): AssertionOutcome {
  const base = {
    source: assertion.source,
    property: assertion.property ?? '',
    comparison: assertion.comparison,
    target: assertion.target ?? '',
    regex: assertion.regex ? assertion.regex : null,
  };
  const extracted = extractByRegex(actual, base.regex);
  if ('error' in extracted) return { ...base, actual: toRecorded(actual), passed: false, error: extracted.error };
  const value = extracted.value;
  const { passed, error } = compare(value, base.comparison, base.target);
  return { ...base, actual: toRecorded(value), passed, ...(error ? { error } : {}) };
}

/** JSON_RESPONSE: the property is a JSON path into the result payload. */
export function evaluateJsonAssertion(assertion: CheckAssertion, payload: unknown): AssertionOutcome {
  return evaluateAssertion(assertion, readJsonPath(payload, assertion.property ?? ''));
}

export function describeFailedAssertion(outcome: AssertionOutcome): string {
  const property = outcome.property ? ` ${outcome.property}` : '';
  const target = outcome.target ? ` ${outcome.target}` : '';
  const why = outcome.error ? ` (${outcome.error})` : '';
  return `assertion ${outcome.source}${property} ${outcome.comparison}${target} failed: actual ${JSON.stringify(outcome.actual)}${why}`;
}

export interface Limits {
  degradedResponseTime?: number | null;
  maxResponseTime?: number | null;
  degradedPacketLossThreshold?: number | null;
  maxPacketLossThreshold?: number | null;
}

export interface ThresholdVerdict {
  failure: string | null;
  degraded: boolean;
  overMaxResponseTime: boolean;
}

const over = (value: number | undefined, limit: number | null | undefined) => value !== undefined && limit !== null && limit !== undefined && value > limit;

/** A value strictly above a limit crosses it; a null limit never does. */
export function thresholdVerdict(responseTime: number, packetLoss: number | undefined, limits: Limits): ThresholdVerdict {
  const overMaxResponseTime = over(responseTime, limits.maxResponseTime);
  let failure: string | null = null;
  if (overMaxResponseTime) failure = `response time ${responseTime} ms is over maxResponseTime ${limits.maxResponseTime} ms`;
  else if (over(packetLoss, limits.maxPacketLossThreshold)) failure = `packet loss ${packetLoss}% is over maxPacketLossThreshold ${limits.maxPacketLossThreshold}%`;
  const degraded = over(responseTime, limits.degradedResponseTime) || over(packetLoss, limits.degradedPacketLossThreshold);
  return { failure, degraded, overMaxResponseTime };
}

export interface Settlement {
  startedAt: Date;
  stoppedAt: Date;
  responseTime: number;
  packetLoss?: number;
  limits: Limits & { shouldFail?: boolean | null };
  /** A fault found by the executor (no reply, tool missing, script failure...); takes precedence. */
  fault: ExecutionError | null;
  /** The run could not be carried out as configured (tool missing, bad target, tool failure). */
  hasErrors?: boolean;
  timedOut?: boolean;
  aborted?: boolean;
  assertions: AssertionOutcome[];
}

const NOT_INVERTED = new Set<ExecutionError['kind']>(['TOOL_MISSING', 'INVALID_TARGET', 'TIMEOUT']);

/** Turns what an executor observed into the verdict; `shouldFail` swaps pass and fail of real outcomes only. */
export function settle(s: Settlement): Omit<ExecutionResult, keyof ExecutionPayloadShape> {
  const thresholds = thresholdVerdict(s.responseTime, s.packetLoss, s.limits);
  const failedAssertion = s.assertions.find((a) => !a.passed);
  let error: ExecutionError | null = s.fault;
  if (!error && failedAssertion) error = { kind: 'ASSERTION_FAILED', message: describeFailedAssertion(failedAssertion) };
  if (!error && thresholds.failure) error = { kind: 'ASSERTION_FAILED', message: thresholds.failure };
  const aborted = s.aborted === true;
  const hasErrors = s.hasErrors === true;
  const timedOut = s.timedOut === true;
  let hasFailures = !aborted && error !== null;
  let isDegraded = !hasFailures && !aborted && thresholds.degraded;

  const invertible = s.limits.shouldFail === true && !aborted && !hasErrors && !timedOut && !(error && NOT_INVERTED.has(error.kind));
  if (invertible) {
    if (hasFailures) {
      hasFailures = false;
      error = null;
    } else {
      hasFailures = true;
      isDegraded = false;
      error = { kind: 'ASSERTION_FAILED', message: 'the check passed, but shouldFail is set: a passing run counts as failed' };
    }
  }
  return {
    hasErrors,
    hasFailures,
    isDegraded,
    overMaxResponseTime: thresholds.overMaxResponseTime,
    aborted,
    timedOut,
    responseTime: Math.max(0, Math.round(s.responseTime * 1000) / 1000),
    startedAt: s.startedAt.toISOString(),
    stoppedAt: s.stoppedAt.toISOString(),
    error: aborted ? null : error,
    assertions: s.assertions,
  };
}
