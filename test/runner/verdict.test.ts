import { describe, expect, it } from 'vitest';
import { readJsonPath } from '../../src-main/runner/json-path';
import { compare, evaluateAssertion, evaluateJsonAssertion, settle, thresholdVerdict } from '../../src-main/runner/verdict';

const at = new Date('2026-01-01T00:00:00.000Z');

describe('compare', () => {
  it('compares numerically when both sides are numbers', () => {
    expect(compare(10, 'GREATER_THAN', '9').passed).toBe(true);
    expect(compare('10', 'LESS_THAN', '9.5').passed).toBe(false);
    expect(compare(1.0, 'EQUALS', '1.00').passed).toBe(true);
    expect(compare(2, 'NOT_EQUALS', '2').passed).toBe(false);
  });

  it('compares text otherwise and refuses GREATER_THAN on text', () => {
    expect(compare('abc', 'EQUALS', 'abc').passed).toBe(true);
    expect(compare('abc', 'CONTAINS', 'b').passed).toBe(true);
    expect(compare('abc', 'NOT_CONTAINS', 'b').passed).toBe(false);
    expect(compare('abc', 'GREATER_THAN', '1')).toEqual({ passed: false, error: 'GREATER_THAN compares numbers: got "abc" and "1"' });
  });

  it('knows empty and null', () => {
    expect(compare('', 'IS_EMPTY', '').passed).toBe(true);
    expect(compare([], 'IS_EMPTY', '').passed).toBe(true);
    expect(compare({ a: 1 }, 'NOT_EMPTY', '').passed).toBe(true);
    expect(compare(null, 'IS_NULL', '').passed).toBe(true);
    expect(compare(undefined, 'IS_NULL', '').passed).toBe(true);
    expect(compare(0, 'NOT_NULL', '').passed).toBe(true);
  });
});

describe('evaluateAssertion', () => {
  it('records the compared value and the verdict', () => {
    expect(evaluateAssertion({ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0' }, 0.04)).toEqual({
      source: 'LATENCY',
      property: 'avg',
      comparison: 'LESS_THAN',
      target: '0',
      regex: null,
      actual: 0.04,
      passed: false,
    });
  });

  it('applies a regex and keeps its first group', () => {
    const outcome = evaluateAssertion({ source: 'JSON_RESPONSE', comparison: 'EQUALS', target: '127', regex: '^(\\d+)\\.' }, '127.0.0.1');
    expect(outcome).toMatchObject({ actual: '127', passed: true });
  });

  it('fails with a reason on an invalid regex', () => {
    expect(evaluateAssertion({ source: 'X', comparison: 'EQUALS', target: '', regex: '(' }, 'a')).toMatchObject({ passed: false, error: 'regex ( is not a valid regular expression' });
  });

  it('reads JSON paths with or without $', () => {
    const payload = { packetLoss: 0, latency: { avg: 1.5 }, pings: [{ timeMs: 2 }] };
    expect(evaluateJsonAssertion({ source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'EQUALS', target: '0' }, payload).passed).toBe(true);
    expect(evaluateJsonAssertion({ source: 'JSON_RESPONSE', property: 'latency.avg', comparison: 'GREATER_THAN', target: '1' }, payload).passed).toBe(true);
    expect(readJsonPath(payload, '$.pings[0].timeMs')).toBe(2);
    expect(readJsonPath(payload, "$['latency']['avg']")).toBe(1.5);
    expect(readJsonPath(payload, '$.missing.deeper')).toBeUndefined();
    expect(readJsonPath(payload, '$.pings.length')).toBe(1);
  });
});

describe('thresholds', () => {
  const limits = { degradedResponseTime: 100, maxResponseTime: 200, degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 };

  it('degrades and fails strictly above each limit', () => {
    expect(thresholdVerdict(100, 10, limits)).toEqual({ failure: null, degraded: false, overMaxResponseTime: false });
    expect(thresholdVerdict(101, 0, limits)).toMatchObject({ failure: null, degraded: true });
    expect(thresholdVerdict(50, 10.5, limits)).toMatchObject({ failure: null, degraded: true });
    expect(thresholdVerdict(201, 0, limits)).toMatchObject({ failure: 'response time 201 ms is over maxResponseTime 200 ms', overMaxResponseTime: true });
    expect(thresholdVerdict(1, 30, limits)).toMatchObject({ failure: 'packet loss 30% is over maxPacketLossThreshold 20%' });
  });

  it('treats a null limit as no limit', () => {
    expect(thresholdVerdict(1e9, 100, { maxResponseTime: null, maxPacketLossThreshold: null })).toMatchObject({ failure: null, degraded: false });
  });
});

describe('settle', () => {
  const base = { startedAt: at, stoppedAt: at, responseTime: 5, assertions: [] };

  it('passes a clean run and marks a slow one degraded', () => {
    expect(settle({ ...base, limits: {}, fault: null })).toMatchObject({ hasFailures: false, hasErrors: false, isDegraded: false, error: null });
    expect(settle({ ...base, limits: { degradedResponseTime: 1 }, fault: null })).toMatchObject({ hasFailures: false, isDegraded: true });
  });

  it('reports the first failed assertion', () => {
    const failed = evaluateAssertion({ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0' }, 5);
    expect(settle({ ...base, limits: {}, fault: null, assertions: [failed] })).toMatchObject({
      hasFailures: true,
      error: { kind: 'ASSERTION_FAILED', message: 'assertion LATENCY avg LESS_THAN 0 failed: actual 5' },
    });
  });

  it('inverts the verdict with shouldFail', () => {
    const failing = settle({ ...base, limits: { shouldFail: true }, fault: { kind: 'NETWORK_ERROR', message: 'down' } });
    expect(failing).toMatchObject({ hasFailures: false, error: null });
    const passing = settle({ ...base, limits: { shouldFail: true, degradedResponseTime: 1 }, fault: null });
    expect(passing).toMatchObject({ hasFailures: true, isDegraded: false, error: { kind: 'ASSERTION_FAILED' } });
  });

  it('never inverts errors, timeouts or cancellations', () => {
    expect(settle({ ...base, limits: { shouldFail: true }, fault: { kind: 'TOOL_MISSING', message: 'x' }, hasErrors: true })).toMatchObject({ hasFailures: true, hasErrors: true });
    expect(settle({ ...base, limits: { shouldFail: true }, fault: { kind: 'TIMEOUT', message: 'x' }, timedOut: true })).toMatchObject({ hasFailures: true, timedOut: true });
    expect(settle({ ...base, limits: { shouldFail: true }, fault: null, aborted: true })).toMatchObject({ hasFailures: false, aborted: true, error: null });
  });
});
