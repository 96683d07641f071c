import type { EvidenceLine } from './define';

/**
 * The lines of alert evidence every type that has them words alike (issue 33 item 7: "Alerts carry
 * the evidence"). A type's module builds its own from these in `result.evidence`.
 */

/** How many lines of a body an alert shows, and at most how many characters of them. */
export const EVIDENCE_BODY_LINES = 5;
export const EVIDENCE_BODY_CHARS = 500;

const WORDS: Record<string, string> = {
  EQUALS: 'equal to',
  NOT_EQUALS: 'not equal to',
  HAS_KEY: 'having key',
  NOT_HAS_KEY: 'not having key',
  HAS_VALUE: 'having value',
  NOT_HAS_VALUE: 'not having value',
  IS_EMPTY: 'empty',
  NOT_EMPTY: 'not empty',
  GREATER_THAN: 'greater than',
  LESS_THAN: 'less than',
  CONTAINS: 'containing',
  NOT_CONTAINS: 'not containing',
  IS_NULL: 'null',
  NOT_NULL: 'not null',
};

const TARGETLESS = new Set(['IS_EMPTY', 'NOT_EMPTY', 'IS_NULL', 'NOT_NULL']);

interface StoredAssertion {
  source: string;
  property?: string;
  comparison: string;
  target?: string;
  actual?: unknown;
  passed: boolean;
  error?: string;
}

function isStoredAssertion(value: unknown): value is StoredAssertion {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return typeof a.source === 'string' && typeof a.comparison === 'string' && typeof a.passed === 'boolean';
}

/**
 * "CERTIFICATE daysUntilExpiry GREATER_THAN 30: expected greater than 30, actual 5": the first
 * assertion that failed, with what it expected and what it saw; null when none failed.
 */
export function failingAssertionEvidence(assertions: readonly unknown[]): EvidenceLine | null {
  const failed = assertions.find((a): a is StoredAssertion => isStoredAssertion(a) && !a.passed);
  if (!failed) return null;
  const target = failed.target ?? '';
  const rule = [failed.source, failed.property, failed.comparison, TARGETLESS.has(failed.comparison) ? '' : target].filter(Boolean).join(' ');
  const expected = `${WORDS[failed.comparison] ?? failed.comparison}${TARGETLESS.has(failed.comparison) ? '' : ` ${target}`}`;
  const actual = failed.actual === null || failed.actual === undefined ? 'nothing' : typeof failed.actual === 'string' ? failed.actual : JSON.stringify(failed.actual);
  return { label: 'Failing assertion', value: `${rule}: expected ${expected}, actual ${actual}${failed.error ? ` (${failed.error})` : ''}` };
}

/** The first lines of a body, cut to EVIDENCE_BODY_LINES lines and EVIDENCE_BODY_CHARS characters; null when empty. */
export function bodyEvidence(body: string | null | undefined): EvidenceLine | null {
  if (!body || body.trim() === '') return null;
  const lines = body.split(/\r?\n/);
  let text = lines.slice(0, EVIDENCE_BODY_LINES).join('\n');
  let cut = lines.length > EVIDENCE_BODY_LINES;
  if (text.length > EVIDENCE_BODY_CHARS) {
    text = text.slice(0, EVIDENCE_BODY_CHARS);
    cut = true;
  }
  return { label: 'Body', value: cut ? `${text}…` : text };
}

/** "5 days left (expires 2026-12-03)", "expired 10 days ago (on 2026-11-18)". */
export function daysLeftText(days: number, validTo: string): string {
  const date = validTo.slice(0, 10);
  return days < 0 ? `expired ${-days} day${days === -1 ? '' : 's'} ago (on ${date})` : `${days} day${days === 1 ? '' : 's'} left (expires ${date})`;
}

/** Leaves out the lines a type could not build. */
export function evidenceLines(...lines: (EvidenceLine | null | undefined)[]): EvidenceLine[] {
  return lines.filter((line): line is EvidenceLine => line !== null && line !== undefined && line.value !== '');
}

/** What an API or URL result (the public CheckResultAPI shape) holds that the evidence reads. */
export interface HttpResultLike {
  assertions?: readonly unknown[] | null;
  response?: { status?: number | null; statusText?: string | null; body?: string | null; bodyEncoding?: string | null } | null;
  requestError?: string | null;
  /** The https certificate (API and URL keep it for the certificate-expiry opt-in). */
  certificate?: { subject?: string; issuer?: string; validTo?: string; daysLeft?: number } | null;
}

/** "500 Internal Server Error" (null when no response came). */
export function responseEvidence(response: HttpResultLike['response']): EvidenceLine | null {
  if (!response || typeof response.status !== 'number') return null;
  return { label: 'Response', value: `${response.status}${response.statusText ? ` ${response.statusText}` : ''}` };
}

/**
 * The evidence of an API or URL run: the failing assertion (source, property, comparison, expected and
 * actual), the response's status and the first lines of its body (a binary body is not shown).
 */
export function httpEvidence(payload: HttpResultLike): EvidenceLine[] {
  const response = payload.response;
  const binary = response?.bodyEncoding === 'base64';
  const certificate = payload.certificate;
  // The certificate is evidence when the failure is about it (the certificate-expiry opt-in, an untrusted chain).
  const aboutCertificate = certificate && typeof certificate.daysLeft === 'number' && /certificate/i.test(payload.requestError ?? '');
  return evidenceLines(
    failingAssertionEvidence(payload.assertions ?? []),
    responseEvidence(response),
    binary ? { label: 'Body', value: '(binary, not shown)' } : bodyEvidence(response?.body),
    aboutCertificate ? { label: 'Certificate', value: `${certificate.subject ?? ''}, issued by ${certificate.issuer ?? ''}: ${daysLeftText(certificate.daysLeft ?? 0, certificate.validTo ?? '')}` } : null,
  );
}
