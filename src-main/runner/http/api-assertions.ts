import { readJsonPath, isValidJsonPath } from '../json-path';
import type { Comparison } from '../types';
import { API_ASSERTION_COMPARISONS, API_ASSERTION_SOURCES } from '../../../src-shared/schemas/check-group';
import { compare, extractByRegex } from '../verdict';
import type { HttpExchange } from './http-request';

/**
 * The assertions of API and URL checks, in the public API's shape (`ChecksV1ApiAssertion`): a
 * source, a property (a JSON path for JSON_BODY, a header name for HEADERS), a comparison, a
 * target and an optional regex whose first group (or whole match) is compared instead.
 */
export type ApiAssertionSource = (typeof API_ASSERTION_SOURCES)[number];
export type ApiComparison = (typeof API_ASSERTION_COMPARISONS)[number];

export interface ApiAssertion {
  source: ApiAssertionSource;
  comparison: ApiComparison;
  property?: string | null;
  target?: string | null;
  regex?: string | null;
}

export interface ApiAssertionOutcome {
  source: ApiAssertionSource;
  property: string;
  comparison: ApiComparison;
  target: string;
  regex: string | null;
  /** What the run saw, as text, number, boolean or null. */
  actual: string | number | boolean | null;
  passed: boolean;
  error?: string;
}

/** Why an assertion cannot be evaluated, naming its field (`assertions[2].property: …`); null when it can. */
export function assertionProblem(assertion: ApiAssertion, index: number): string | null {
  const at = `assertions[${index}]`;
  if (!(API_ASSERTION_SOURCES as readonly string[]).includes(assertion.source)) return `${at}.source: "${String(assertion.source)}" is not one of ${API_ASSERTION_SOURCES.join(', ')}`;
  if (!(API_ASSERTION_COMPARISONS as readonly string[]).includes(assertion.comparison)) return `${at}.comparison: "${String(assertion.comparison)}" is not one of ${API_ASSERTION_COMPARISONS.join(', ')}`;
  if (assertion.source === 'JSON_BODY' && assertion.property && !isValidJsonPath(assertion.property)) return `${at}.property: "${assertion.property}" is not a JSON path this check can read (use $.member, $.list[0] or $['member'])`;
  if (assertion.regex) {
    try {
      new RegExp(assertion.regex);
    } catch {
      return `${at}.regex: "${assertion.regex}" is not a valid regular expression`;
    }
  }
  if ((assertion.comparison === 'GREATER_THAN' || assertion.comparison === 'LESS_THAN') && (assertion.target ?? '').trim() !== '' && !Number.isFinite(Number(assertion.target))) {
    return `${at}.target: ${assertion.comparison} compares numbers, "${assertion.target}" is not one`;
  }
  return null;
}

function recorded(value: unknown): ApiAssertionOutcome['actual'] {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** What an assertion's source reads from the exchange; `undefined` when it is not there. */
function valueOf(assertion: ApiAssertion, exchange: HttpExchange): { value: unknown; error?: string } {
  const property = (assertion.property ?? '').trim();
  switch (assertion.source) {
    case 'STATUS_CODE':
      return { value: exchange.status };
    case 'RESPONSE_TIME':
      return { value: Math.round(exchange.timingPhases.total) };
    case 'TEXT_BODY':
      return { value: exchange.fullBody };
    case 'HEADERS':
      if (property === '') return { value: exchange.headers };
      return { value: exchange.headers[property.toLowerCase()] };
    case 'JSON_BODY': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(exchange.fullBody);
      } catch {
        return { value: undefined, error: 'the response body is not JSON' };
      }
      return { value: property === '' || property === '$' ? parsed : readJsonPath(parsed, property) };
    }
  }
}

function hasKey(value: unknown, key: string): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return /^\d+$/.test(key) && Number(key) < value.length;
  const lowered = key.toLowerCase();
  return Object.keys(value).some((k) => k === key || k.toLowerCase() === lowered);
}

function hasValue(value: unknown, target: string): boolean {
  const values = Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [value];
  return values.some((item) => {
    const text = recorded(item);
    if (text === null) return target === 'null';
    return String(text) === target || (Number.isFinite(Number(target)) && typeof item === 'number' && item === Number(target));
  });
}

/** Evaluates one assertion against what the run saw. */
export function evaluateApiAssertion(assertion: ApiAssertion, exchange: HttpExchange): ApiAssertionOutcome {
  const base = {
    source: assertion.source,
    property: assertion.property ?? '',
    comparison: assertion.comparison,
    target: assertion.target ?? '',
    regex: assertion.regex ? assertion.regex : null,
  };
  const read = valueOf(assertion, exchange);
  if (read.error) return { ...base, actual: null, passed: false, error: read.error };
  const extracted = extractByRegex(read.value, base.regex);
  if ('error' in extracted) return { ...base, actual: recorded(read.value), passed: false, error: extracted.error };
  const value = extracted.value;
  // The whole header list is shown by name only: an assertion on it reads keys and values, not one text.
  const actual = assertion.source === 'HEADERS' && (assertion.property ?? '') === '' && base.regex === null ? Object.keys(exchange.headers).join(', ') : recorded(value);
  switch (base.comparison) {
    case 'HAS_KEY':
      return { ...base, actual, passed: hasKey(value, base.target) };
    case 'NOT_HAS_KEY':
      return { ...base, actual, passed: !hasKey(value, base.target) };
    case 'HAS_VALUE':
      return { ...base, actual, passed: hasValue(value, base.target) };
    case 'NOT_HAS_VALUE':
      return { ...base, actual, passed: !hasValue(value, base.target) };
    default: {
      const { passed, error } = compare(value, base.comparison satisfies Comparison, base.target);
      return { ...base, actual, passed, ...(error ? { error } : {}) };
    }
  }
}

/** The failing assertion in the operator's words: expected and actual. */
export function describeApiAssertionFailure(outcome: ApiAssertionOutcome): string {
  const what = outcome.property ? `${outcome.source} ${outcome.property}` : outcome.source;
  const target = outcome.target !== '' ? ` ${outcome.target}` : '';
  const why = outcome.error ? ` (${outcome.error})` : '';
  return `assertion ${what} ${outcome.comparison}${target} failed: actual ${JSON.stringify(outcome.actual)}${why}`;
}
