import type { AssertionItem } from './assertion-model';

/**
 * Assertions made in one click from the response "Send now" got: the status it answered, a bound on
 * its time, a header's value, a JSON value picked from the body. Each is a plain row the operator can
 * still edit before saving.
 */

const row = (source: string, comparison: string, property: string, target: string): AssertionItem => ({ source, comparison, property, target, regex: '' });

export function statusAssertion(status: number): AssertionItem {
  return row('STATUS_CODE', 'EQUALS', '', String(status));
}

/** A bound with headroom: twice the time it took, rounded up to 100 ms (at least 100 ms). */
export function responseTimeBound(totalMs: number): number {
  return Math.max(100, Math.ceil((totalMs * 2) / 100) * 100);
}

export function responseTimeAssertion(totalMs: number): AssertionItem {
  return row('RESPONSE_TIME', 'LESS_THAN', '', String(responseTimeBound(totalMs)));
}

export function headerAssertion(name: string, value: string): AssertionItem {
  return row('HEADERS', 'EQUALS', name, value);
}

/** A JSON value as an assertion: null is IS_NULL, anything else EQUALS its text (how the check compares it). */
export function jsonAssertion(path: string, value: string | number | boolean | null): AssertionItem {
  return value === null ? row('JSON_BODY', 'IS_NULL', path, '') : row('JSON_BODY', 'EQUALS', path, String(value));
}

/** The same check on the same thing, whatever its regex: adding it twice would say nothing new. */
export function sameAssertion(a: AssertionItem, b: AssertionItem): boolean {
  return a.source === b.source && a.comparison === b.comparison && a.property.trim() === b.property.trim() && a.target.trim() === b.target.trim();
}

const PLAIN_MEMBER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * The path to a member in the check's JSON path language (src-shared/rules/json-path.ts): `.name`,
 * `['odd name']` (or with double quotes), `[0]`. Null for a name the language cannot quote.
 */
export function jsonPathOf(segments: readonly (string | number)[]): string | null {
  let path = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (PLAIN_MEMBER.test(segment)) path += `.${segment}`;
    else if (!segment.includes("'")) path += `['${segment}']`;
    else if (!segment.includes('"')) path += `["${segment}"]`;
    else return null;
  }
  return path;
}
