import { describe, expect, it } from 'vitest';
import { summarizeReport } from '../../src-main/runner/multistep-report';
import { bodyOf, requestRecord } from '../../src-main/runner/warm/call-record';
import { MULTI_STEP_BODY_BYTES, MULTI_STEP_BODY_BYTES_PER_TEST } from '../../src-shared/schemas/result-payloads';

// What a multi-step result keeps of each API call's bodies: bounded, text only, and within a budget per test.
describe('the bodies a multi-step result keeps', () => {
  it('keeps a body’s first bytes as text, says when it was cut, and keeps only the size of a binary one', () => {
    const long = 'é'.repeat(MULTI_STEP_BODY_BYTES);
    const kept = bodyOf(new TextEncoder().encode(long), 'text/plain');
    expect(kept).toMatchObject({ bytes: MULTI_STEP_BODY_BYTES * 2, truncated: true });
    expect(kept.text).toBe('é'.repeat(MULTI_STEP_BODY_BYTES / 2));
    expect(bodyOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]), undefined)).toEqual({ bytes: 6, binary: true });
    expect(bodyOf(new TextEncoder().encode('GIF89a'), 'image/gif')).toEqual({ bytes: 6, binary: true });
  });

  it('records what the script sent: its context’s and call’s headers, and the body of data, form or multipart', () => {
    expect(requestRecord({ 'X-Team': 'ops' }, { headers: { Accept: 'text/plain' }, data: { a: 1 } })).toEqual({
      requestHeaders: { 'x-team': 'ops', accept: 'text/plain', 'content-type': 'application/json' },
      requestBody: { text: '{"a":1}', bytes: 7 },
    });
    expect(requestRecord(undefined, { form: { q: 'a b' } })).toEqual({ requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' }, requestBody: { text: 'q=a+b', bytes: 5 } });
    expect(requestRecord(undefined, undefined)).toEqual({});
  });

  it('spends at most the test’s budget on bodies: later calls keep their sizes, marked omitted', () => {
    const text = 'x'.repeat(MULTI_STEP_BODY_BYTES);
    const calls = MULTI_STEP_BODY_BYTES_PER_TEST / MULTI_STEP_BODY_BYTES + 1;
    const requests = Array.from({ length: calls }, (_, i) => ({ method: 'GET', url: `http://127.0.0.1/${i}`, status: 200, durationMs: 1, responseBody: { text, bytes: 9_000, truncated: true } }));
    const report = { suites: [{ title: 'check.spec.ts', specs: [{ title: 't', tests: [{ results: [{ status: 'passed', duration: 1, requests }] }] }] }] };
    const stored = summarizeReport(report, '').tests[0]?.requests ?? [];
    expect(stored.slice(0, -1).every((request) => request.responseBody?.text === text)).toBe(true);
    expect(stored.at(-1)?.responseBody).toEqual({ bytes: 9_000, omitted: true });
  });
});
