import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  record: 'must be an object',
  bigint: 'must be a number',
  date: 'must be a date',
  null: 'must be null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  url: 'a URL',
  uuid: 'a UUID',
  guid: 'a UUID',
  datetime: 'an ISO 8601 date-time',
  date: 'an ISO 8601 date',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
  map: ['entry', 'entries'],
};

const counted = (n: number | bigint, origin: string): string => {
  const [one, many] = UNITS[origin] ?? ['', ''];
  return `${String(n)} ${Number(n) === 1 ? one : many}`.trimEnd();
};

const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/**
 * Messages that read on from the field's name ("Name must not be empty", `name: must not be empty`)
 * for the issues whose schema gives no message of its own; null keeps zod's wording.
 */
export function issueMessage(issue: Issue): string | null {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      // Only a whole body has no path: a message with no field name in front must say what it is about.
      if (issue.expected === 'object' && !issue.path?.length) return 'the request body must be a JSON object';
      return TYPE_WORDS[issue.expected] ?? null;
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `must be ${String(min)} or more` : `must be more than ${String(min)}`;
      }
      if (!UNITS[issue.origin]) return null;
      if (Number(min) === 1 && issue.inclusive !== false) return 'must not be empty';
      return issue.exact ? `must have exactly ${counted(min, issue.origin)}` : `must have at least ${counted(min, issue.origin)}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `must be ${String(max)} or less` : `must be less than ${String(max)}`;
      }
      if (!UNITS[issue.origin]) return null;
      return issue.exact ? `must have exactly ${counted(max, issue.origin)}` : `must have at most ${counted(max, issue.origin)}`;
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${shown(issue.values[0])}` : `must be one of ${issue.values.map(shown).join(', ')}`;
    case 'invalid_format': {
      const word = FORMAT_WORDS[issue.format];
      return word ? `must be ${word}` : null;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return null;
  }
}

// A schema's own message wins over this one, so REST, tRPC and the console forms share one wording.
z.config({ customError: (issue) => issueMessage(issue) ?? undefined });
