import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src-main/runner/run-job';
import type { ExecutionJob, ExecutorDeps, TracerouteCheckInput } from '../../src-main/runner/types';
import { Namespaces, netnsSkipReason } from './netns';

const deps: ExecutorDeps = { now: () => new Date() };

function tracerouteJob(url: string, request: Partial<TracerouteCheckInput['request']> = {}, overrides: Partial<TracerouteCheckInput> = {}): ExecutionJob {
  return {
    checkId: 'c0ffee00-0000-4000-8000-000000000002',
    checkType: 'TRACEROUTE',
    runLocation: 'local',
    timeoutMs: 15_000,
    check: {
      // ptrLookup false: reverse lookups would send DNS queries outside the test's namespaces
      request: { url, protocol: 'TCP', ipFamily: 'IPv4', maxHops: 10, maxUnknownHops: 2, ptrLookup: false, timeout: 1, assertions: [], ...request },
      degradedResponseTime: 10_000,
      maxResponseTime: 20_000,
      shouldFail: false,
      ...overrides,
    },
  };
}

it('gives a TOOL_MISSING result when mtr is not installed', async () => {
  const result = await runJob(tracerouteJob('127.0.0.1'), { ...deps, tools: { mtr: '/nonexistent/mtr' } });
  expect(result).toMatchObject({
    hasErrors: true,
    hasFailures: true,
    error: { kind: 'TOOL_MISSING' },
  });
  expect(result.error?.message).toContain('traceroute needs mtr: install it with "apt-get install mtr-tiny" (Debian/Ubuntu) or "brew install mtr" (macOS)');
});

it('traces 127.0.0.1 in one hop', async () => {
  const result = await runJob(tracerouteJob('127.0.0.1', { protocol: 'ICMP' }), deps);
  expect(result).toMatchObject({ hasFailures: false, tracerouteCheckResult: { totalHops: 1, destinationReached: true, resolvedIp: '127.0.0.1' } });
  // mtr's own JSON, kept for the result page, after the command that produced it.
  const raw = result.tracerouteCheckResult?.rawOutput ?? '';
  expect(raw).toMatch(/^\$ mtr .*127\.0\.0\.1\n/);
  expect(JSON.parse(raw.slice(raw.indexOf('\n') + 1))).toHaveProperty('report.hubs');
});

it('refuses a url whose host would read as an option', async () => {
  const result = await runJob(tracerouteJob('-x'), deps);
  expect(result).toMatchObject({ hasErrors: true, error: { kind: 'INVALID_TARGET' } });
});

const unavailable = netnsSkipReason('traceroute namespace tests');

describe.skipIf(unavailable !== null)('traceroute over a three-hop namespace path', () => {
  const namespaces = new Namespaces('sltr');
  const target = '10.251.7.10';
  let wrapCommand: ExecutorDeps['wrapCommand'];
  let targetNs = '';
  let targetLink = '';

  beforeAll(() => {
    const host = namespaces.add('h');
    const r1 = namespaces.add('r1');
    const r2 = namespaces.add('r2');
    targetNs = namespaces.add('t');
    namespaces.connect(host, '10.251.7.1/30', r1, '10.251.7.2/30');
    namespaces.connect(r1, '10.251.7.5/30', r2, '10.251.7.6/30');
    [, targetLink] = namespaces.connect(r2, '10.251.7.9/30', targetNs, `${target}/30`);
    namespaces.route(host, 'default', '10.251.7.2');
    namespaces.route(r1, '10.251.7.8/30', '10.251.7.6');
    namespaces.route(r2, 'default', '10.251.7.5');
    namespaces.route(targetNs, 'default', '10.251.7.9');
    namespaces.enableForwarding(r1);
    namespaces.enableForwarding(r2);
    wrapCommand = namespaces.wrapIn(host);
  });
  afterAll(() => namespaces.removeAll());

  it('reaches the target in three hops over TCP (the default) with the URL port', async () => {
    const result = await runJob(
      tracerouteJob(`http://${target}:8080/health`, { assertions: [{ source: 'HOP_COUNT', comparison: 'EQUALS', target: '3', property: '', regex: null }] }),
      { ...deps, wrapCommand },
    );
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false, error: null, assertions: [{ source: 'HOP_COUNT', actual: 3, passed: true }] });
    const trace = result.tracerouteCheckResult;
    expect(trace).toMatchObject({ hostname: target, resolvedIp: target, protocol: 'TCP', port: 8080, totalHops: 3, destinationReached: true });
    expect(trace?.hops.map((h) => h.main_ip)).toEqual(['10.251.7.2', '10.251.7.6', target]);
    expect(trace?.hops[2]).toMatchObject({ hop_number: 3, sent: 3, received: 3, loss_percentage: 0 });
    expect(trace?.finalHopLatency?.avg).toBe(trace?.hops[2].rtt.avg_ms);
    expect(result.responseTime).toBe(trace?.finalHopLatency?.avg);
  });

  it('fails a HOP_COUNT and RESPONSE_TIME assertion over ICMP', async () => {
    const result = await runJob(
      tracerouteJob(target, {
        protocol: 'ICMP',
        assertions: [
          { source: 'HOP_COUNT', comparison: 'LESS_THAN', target: '3', property: '', regex: null },
          { source: 'RESPONSE_TIME', property: 'avg', comparison: 'LESS_THAN', target: '10000', regex: null },
        ],
      }),
      { ...deps, wrapCommand },
    );
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED', message: 'assertion HOP_COUNT LESS_THAN 3 failed: actual 3' } });
    expect(result.assertions.map((a) => a.passed)).toEqual([false, true]);
    expect(result.tracerouteCheckResult).toMatchObject({ protocol: 'ICMP', port: null, destinationReached: true });
  });

  it('reports 100% loss at the last hop when its link is down', async () => {
    namespaces.setLink(targetNs, targetLink, 'down');
    try {
      const result = await runJob(
        tracerouteJob(target, { protocol: 'ICMP', assertions: [{ source: 'PACKET_LOSS', comparison: 'LESS_THAN', target: '50', property: '', regex: null }] }),
        { ...deps, wrapCommand },
      );
      const trace = result.tracerouteCheckResult;
      expect(trace?.destinationReached).toBe(false);
      expect(trace?.hops.slice(0, 2).map((h) => h.main_ip)).toEqual(['10.251.7.2', '10.251.7.6']);
      expect(trace?.hops[trace.hops.length - 1]).toMatchObject({ main_ip: null, received: 0, loss_percentage: 100 });
      expect(trace?.finalHopLatency).toEqual(expect.objectContaining({ avg: trace?.hops[1].rtt.avg_ms }));
      expect(result).toMatchObject({ hasFailures: true, hasErrors: false, error: { kind: 'NETWORK_ERROR' }, assertions: [{ source: 'PACKET_LOSS', actual: 100, passed: false }] });
      expect(result.error?.message).toBe(`${target} (${target}) was not reached: the last answer came from hop 2 (10.251.7.6)`);
    } finally {
      namespaces.setLink(targetNs, targetLink, 'up');
    }
  });
});
