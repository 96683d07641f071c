import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src-main/runner/run-job';
import type { ExecutionJob, ExecutorDeps, IcmpCheckInput } from '../../src-main/runner/types';
import { Namespaces, netnsSkipReason } from './netns';

const deps: ExecutorDeps = { now: () => new Date() };

function icmpJob(hostname: string, overrides: Partial<IcmpCheckInput> = {}, request: Partial<IcmpCheckInput['request']> = {}): ExecutionJob {
  return {
    checkId: 'c0ffee00-0000-4000-8000-000000000001',
    checkType: 'ICMP',
    runLocation: 'local',
    timeoutMs: 10_000,
    check: {
      request: { hostname, ipFamily: 'IPv4', pingCount: 3, assertions: [], ...request },
      degradedResponseTime: 10_000,
      maxResponseTime: 1000,
      degradedPacketLossThreshold: 10,
      maxPacketLossThreshold: 20,
      shouldFail: false,
      ...overrides,
    },
  };
}

describe('ICMP against 127.0.0.1', () => {
  it('passes and reports the pings', async () => {
    const result = await runJob(icmpJob('127.0.0.1'), deps);
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false, isDegraded: false, timedOut: false, aborted: false, error: null });
    expect(result.icmpCheckResult).toMatchObject({ hostname: '127.0.0.1', resolvedAddress: '127.0.0.1', packetsSent: 3, packetsReceived: 3, packetLoss: 0 });
    expect(result.icmpCheckResult?.pings).toHaveLength(3);
    expect(result.icmpCheckResult?.latency.avg).toBeGreaterThan(0);
    expect(result.responseTime).toBe(result.icmpCheckResult?.latency.avg);
    expect(Date.parse(result.stoppedAt)).toBeGreaterThanOrEqual(Date.parse(result.startedAt));
  });

  it('fails on a failing LATENCY assertion and records the outcome', async () => {
    const result = await runJob(
      icmpJob('127.0.0.1', {}, {
        assertions: [
          { source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0', regex: null },
          { source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'EQUALS', target: '0', regex: null },
        ],
      }),
      deps,
    );
    expect(result.hasFailures).toBe(true);
    expect(result.error?.kind).toBe('ASSERTION_FAILED');
    expect(result.error?.message).toMatch(/^assertion LATENCY avg LESS_THAN 0 failed: actual \d/);
    expect(result.assertions).toEqual([
      expect.objectContaining({ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0', passed: false, actual: result.icmpCheckResult?.latency.avg, regex: null }),
      expect.objectContaining({ source: 'JSON_RESPONSE', property: '$.packetLoss', passed: true, actual: 0 }),
    ]);
  });

  it('inverts the verdict with shouldFail', async () => {
    const passing = await runJob(icmpJob('127.0.0.1', { shouldFail: true }), deps);
    expect(passing).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED' } });
    const failing = await runJob(icmpJob('127.0.0.1', { shouldFail: true }, { assertions: [{ source: 'LATENCY', property: 'max', comparison: 'LESS_THAN', target: '0', regex: null }] }), deps);
    expect(failing).toMatchObject({ hasFailures: false, error: null });
  });

  it('gives a TOOL_MISSING result when ping is not installed', async () => {
    const result = await runJob(icmpJob('127.0.0.1'), { ...deps, tools: { ping: '/nonexistent/ping' } });
    expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'TOOL_MISSING' } });
    expect(result.error?.message).toContain('ICMP monitors need ping: install it with "apt-get install iputils-ping" (Debian/Ubuntu)');
    expect(result.icmpCheckResult).toBeUndefined();
  });

  it('refuses a hostname that would read as an option', async () => {
    const result = await runJob(icmpJob('-f'), deps);
    expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'INVALID_TARGET', message: 'hostname "-f" must not start with "-"' } });
  });

  it('stops at the time limit and says so', async () => {
    const result = await runJob({ ...icmpJob('127.0.0.1', {}, { pingCount: 50 }), timeoutMs: 600 }, deps);
    expect(result).toMatchObject({ timedOut: true, hasFailures: true, error: { kind: 'TIMEOUT' } });
    // ping was interrupted, so it still printed what it had sent so far
    expect(result.icmpCheckResult?.packetsSent).toBeGreaterThan(0);
  });

  it('records a cancelled run as aborted', async () => {
    const controller = new AbortController();
    const running = runJob({ ...icmpJob('127.0.0.1', {}, { pingCount: 50 }), signal: controller.signal }, deps);
    setTimeout(() => controller.abort(), 100);
    expect(await running).toMatchObject({ aborted: true, hasFailures: false, error: null });
  });
});

const unavailable = netnsSkipReason('ICMP namespace tests');

describe.skipIf(unavailable !== null)('ICMP to a network namespace', () => {
  const namespaces = new Namespaces('slicmp');
  let wrapCommand: ExecutorDeps['wrapCommand'];
  let targetNs = '';
  let targetLink = '';

  beforeAll(() => {
    const host = namespaces.add('h');
    targetNs = namespaces.add('t');
    [, targetLink] = namespaces.connect(host, '10.251.9.1/30', targetNs, '10.251.9.2/30');
    // routed towards the target namespace, assigned nowhere: the target silently drops it
    namespaces.route(host, '10.251.9.64/26', '10.251.9.2');
    wrapCommand = namespaces.wrapIn(host);
  });
  afterAll(() => namespaces.removeAll());

  it('passes for the host at the other end of the link', async () => {
    const result = await runJob(icmpJob('10.251.9.2'), { ...deps, wrapCommand });
    expect(result).toMatchObject({ hasFailures: false, icmpCheckResult: { packetsReceived: 3, packetLoss: 0 } });
  });

  it('fails with NETWORK_ERROR when no reply comes back', async () => {
    const result = await runJob(icmpJob('10.251.9.70'), { ...deps, wrapCommand });
    expect(result).toMatchObject({
      hasFailures: true,
      hasErrors: false,
      isDegraded: false,
      responseTime: 0,
      error: { kind: 'NETWORK_ERROR', message: 'no reply from 10.251.9.70: 100% packet loss (3 sent)' },
      icmpCheckResult: { packetsSent: 3, packetsReceived: 0, packetLoss: 100, latency: { min: 0, avg: 0, max: 0, stdDev: 0 } },
    });
  });

  it('passes an unreachable host with shouldFail', async () => {
    const result = await runJob(icmpJob('10.251.9.70', { shouldFail: true }), { ...deps, wrapCommand });
    expect(result).toMatchObject({ hasFailures: false, error: null, icmpCheckResult: { packetLoss: 100 } });
  });

  it('fails when the target link is down', async () => {
    namespaces.setLink(targetNs, targetLink, 'down');
    try {
      const result = await runJob(icmpJob('10.251.9.2'), { ...deps, wrapCommand });
      expect(result).toMatchObject({ hasFailures: true, error: { kind: 'NETWORK_ERROR' }, icmpCheckResult: { packetLoss: 100 } });
    } finally {
      namespaces.setLink(targetNs, targetLink, 'up');
    }
  });
});
