import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIcmp } from '../../src-main/runner/executors/icmp';
import { fpingAvailable, icmpBatchKey, type IcmpJob, runIcmpBatch } from '../../src-main/runner/executors/icmp-batch';
import type { ExecutionResult, ExecutorDeps, IcmpCheckInput, SpawnFn } from '../../src-main/runner/types';
import { Namespaces, netnsSkipReason } from './netns';

const deps: ExecutorDeps = { now: () => new Date() };

function icmpJob(hostname: string, overrides: Partial<IcmpCheckInput> = {}, request: Partial<IcmpCheckInput['request']> = {}, signal?: AbortSignal): IcmpJob {
  return {
    checkId: `check-${hostname}`, checkType: 'ICMP', runLocation: 'local', timeoutMs: 10_000, signal,
    check: {
      request: { hostname, ipFamily: 'IPv4', pingCount: 3, assertions: [], ...request },
      degradedResponseTime: 10_000, maxResponseTime: 1000, degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20, shouldFail: false,
      ...overrides,
    },
  };
}

/** Records every process the executor starts; `afterSpawn` runs once the child exists. */
function spying(afterSpawn: () => void = () => {}) {
  const commands: string[][] = [];
  const children: ChildProcess[] = [];
  const spy = ((command: string, args: string[], options: object) => {
    commands.push([command, ...args]);
    const child = spawn(command, args, options);
    children.push(child);
    setImmediate(afterSpawn);
    return child;
  }) as unknown as SpawnFn;
  return { commands, children, deps: { ...deps, spawn: spy } };
}

/** What must be equal between two runs against the same host: everything but timings and measured values. */
const comparable = ({ startedAt: _s, stoppedAt: _t, responseTime: _r, icmpCheckResult: _p, assertions: _a, error, ...rest }: ExecutionResult) => ({
  ...rest,
  error: error && { ...error, message: error.message.replace(/\b\d+(\.\d+)? ms\b|actual \d+(\.\d+)?/, '<measured>') },
});

describe('batched ICMP with fping', () => {
  it('pings several loopback addresses in one fping process and reports each like runIcmp', async () => {
    const spy = spying();
    const hosts = ['127.0.0.1', '127.3.0.7', '127.0.0.2', '127.255.0.254'];
    const results = await runIcmpBatch(hosts.map((h) => icmpJob(h)), spy.deps);
    expect(spy.commands).toHaveLength(1);
    expect(spy.commands[0]).toEqual(['fping', '-C', '3', '-q', '-p', '200', '-t', '1000', '-i', '1', '-4', ...hosts]);
    const single = await runIcmp(icmpJob('127.0.0.1'), deps);
    results.forEach((result, i) => {
      expect(comparable(result)).toEqual(comparable(single));
      expect(Object.keys(result.icmpCheckResult ?? {})).toEqual(Object.keys(single.icmpCheckResult ?? {}));
      expect(result.icmpCheckResult).toMatchObject({ hostname: hosts[i], resolvedAddress: hosts[i], packetsSent: 3, packetsReceived: 3, packetLoss: 0 });
      expect(result.icmpCheckResult?.pings?.map((p) => [p.sequence, p.ttl])).toEqual([[1, null], [2, null], [3, null]]);
      expect(result.responseTime).toBe(result.icmpCheckResult?.latency.avg);
      expect(result.startedAt).toBe(results[0].startedAt);
    });
  });

  it('pings an address shared by several checks once and gives each its own copy', async () => {
    const spy = spying();
    const resolveHost = async (hostname: string, family: 4 | 6) => (hostname === 'db.internal' && family === 4 ? '127.0.0.1' : Promise.reject(new Error('unexpected')));
    const [a, b, c] = await runIcmpBatch([icmpJob('127.0.0.1'), icmpJob('db.internal'), icmpJob('127.0.0.1')], { ...spy.deps, resolveHost });
    expect(spy.commands[0].filter((arg) => arg === '127.0.0.1')).toHaveLength(1);
    expect(b.icmpCheckResult).toMatchObject({ hostname: 'db.internal', resolvedAddress: '127.0.0.1', packetsReceived: 3 });
    expect(a.icmpCheckResult).toEqual(c.icmpCheckResult);
    expect(a.icmpCheckResult?.pings).not.toBe(c.icmpCheckResult?.pings);
    expect(a.icmpCheckResult?.latency).not.toBe(c.icmpCheckResult?.latency);
    expect(a.icmpCheckResult?.pings).toEqual(b.icmpCheckResult?.pings);
  });

  it('evaluates assertions, thresholds and shouldFail as runIcmp does', async () => {
    const assertions: IcmpCheckInput['request']['assertions'] = [
      { source: 'JSON_RESPONSE', property: '$.packetsSent', comparison: 'EQUALS', target: '3', regex: null },
      { source: 'LATENCY', property: 'median', comparison: 'LESS_THAN', target: '5', regex: null },
    ];
    const jobs = [
      icmpJob('127.0.0.1', {}, { assertions }),
      icmpJob('127.0.0.1', {}, { assertions: [{ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0', regex: null }] }),
      icmpJob('127.0.0.1', { degradedResponseTime: 0 }),
      icmpJob('127.0.0.1', { maxResponseTime: 0 }),
      icmpJob('127.0.0.1', { shouldFail: true }),
      icmpJob('-f'),
    ];
    const batch = await runIcmpBatch(jobs, deps);
    const singles = await Promise.all(jobs.map((job) => runIcmp(job, deps)));
    batch.forEach((result, i) => expect(comparable(result)).toEqual(comparable(singles[i])));
    expect(batch[0].assertions).toEqual(singles[0].assertions);
    expect(batch[1].error?.message).toMatch(/^assertion LATENCY avg LESS_THAN 0 failed: actual \d/);
    expect(batch[2]).toMatchObject({ isDegraded: true, hasFailures: false });
    expect(batch[3]).toMatchObject({ overMaxResponseTime: true, error: { kind: 'ASSERTION_FAILED', message: expect.stringMatching(/is over maxResponseTime 0 ms$/) } });
    expect(batch[5]).toEqual({ ...singles[5], startedAt: batch[5].startedAt, stoppedAt: batch[5].stoppedAt });
  });

  it('fails a check whose name does not resolve and pings the rest', async () => {
    const asked: string[] = [];
    const resolveHost = async (hostname: string, family: 4 | 6) => {
      asked.push(`${hostname}/${family}`);
      throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    };
    const [lost, ok] = await runIcmpBatch([icmpJob('nowhere.test'), icmpJob('127.0.0.1')], { ...deps, resolveHost });
    expect(asked).toEqual(['nowhere.test/4']);
    expect(lost).toMatchObject({ hasFailures: true, hasErrors: false, error: { kind: 'NETWORK_ERROR', message: 'cannot resolve nowhere.test: getaddrinfo ENOTFOUND nowhere.test' } });
    expect(lost.icmpCheckResult).toBeUndefined();
    expect(ok).toMatchObject({ hasFailures: false, icmpCheckResult: { packetsReceived: 3 } });
  });

  it('pings over IPv6 and refuses an address of the other family', async () => {
    const [v6, v4] = await runIcmpBatch([icmpJob('::1', {}, { ipFamily: 'IPv6' }), icmpJob('127.0.0.1', {}, { ipFamily: 'IPv6' })], deps);
    expect(v6).toMatchObject({ hasFailures: false, icmpCheckResult: { resolvedAddress: '::1', packetsReceived: 3 } });
    expect(v4).toMatchObject({ hasErrors: true, error: { kind: 'NETWORK_ERROR', message: '127.0.0.1 is not an IPv6 address' } });
  });

  it('gives every check TOOL_MISSING when fping is not installed', async () => {
    const missing = { ...deps, tools: { fping: '/nonexistent/fping' } };
    expect(await fpingAvailable(missing)).toBe(false);
    expect(await fpingAvailable(deps)).toBe(true);
    const results = await runIcmpBatch([icmpJob('127.0.0.1'), icmpJob('127.0.0.2')], missing);
    for (const result of results) {
      expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'TOOL_MISSING', message: expect.stringContaining('"apt-get install fping"') } });
      expect(result.error?.message).toContain('"/nonexistent/fping" could not be run');
    }
  });

  it('settles an aborted check at once while fping goes on for the others', async () => {
    const controller = new AbortController();
    const spy = spying(() => controller.abort());
    const [gone, kept] = await runIcmpBatch([icmpJob('127.0.0.1', {}, { pingCount: 6 }, controller.signal), icmpJob('127.0.0.2', {}, { pingCount: 6 })], spy.deps);
    expect(gone).toMatchObject({ aborted: true, hasFailures: false, error: null });
    expect(gone.icmpCheckResult).toBeUndefined();
    expect(kept).toMatchObject({ aborted: false, hasFailures: false, icmpCheckResult: { packetsSent: 6, packetsReceived: 6 } });
    // six packets 200 ms apart: fping ran a second longer than the aborted check
    expect(Date.parse(kept.stoppedAt) - Date.parse(gone.stoppedAt)).toBeGreaterThan(700);
  });

  it('kills fping when every check is aborted', async () => {
    const controller = new AbortController();
    const spy = spying(() => controller.abort());
    const started = performance.now();
    const results = await runIcmpBatch([icmpJob('127.0.0.1', {}, { pingCount: 50 }, controller.signal), icmpJob('127.0.0.2', {}, { pingCount: 50 }, controller.signal)], spy.deps);
    expect(results.map((r) => r.aborted)).toEqual([true, true]);
    await new Promise((resolve) => (spy.children[0].exitCode !== null || spy.children[0].signalCode ? resolve(null) : spy.children[0].once('close', resolve)));
    expect(spy.children[0].signalCode).toBe('SIGKILL');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('stops at the longest time limit of the batch and keeps what fping had', async () => {
    const results = await runIcmpBatch([{ ...icmpJob('127.0.0.1', {}, { pingCount: 50 }), timeoutMs: 400 }, { ...icmpJob('127.0.0.2', {}, { pingCount: 50 }), timeoutMs: 700 }], deps);
    for (const result of results) {
      expect(result).toMatchObject({ timedOut: true, hasFailures: true, error: { kind: 'TIMEOUT', message: 'ping did not finish within 700 ms' } });
      expect(result.icmpCheckResult?.packetsSent).toBeGreaterThan(0);
    }
  });

  it('keys jobs by family, ping count and reply wait', () => {
    const key = icmpBatchKey(icmpJob('127.0.0.1'));
    expect(icmpBatchKey(icmpJob('127.9.9.9'))).toBe(key);
    expect(icmpBatchKey(icmpJob('127.0.0.1', {}, { pingCount: 4 }))).not.toBe(key);
    expect(icmpBatchKey(icmpJob('::1', {}, { ipFamily: 'IPv6' }))).not.toBe(key);
    expect(icmpBatchKey(icmpJob('127.0.0.1', { maxResponseTime: 3000 }))).not.toBe(key);
  });

  it('pings 300 addresses three times each in one fping process within a few seconds', async () => {
    const spy = spying();
    const hosts = Array.from({ length: 300 }, (_, i) => `127.20.${Math.floor(i / 200)}.${(i % 200) + 1}`);
    const started = performance.now();
    const results = await runIcmpBatch(hosts.map((h) => icmpJob(h)), spy.deps);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(spy.commands).toHaveLength(1);
    expect(results.filter((r) => !r.hasFailures && r.icmpCheckResult?.packetsReceived === 3)).toHaveLength(300);
  });
});

const unavailable = netnsSkipReason('batched ICMP namespace tests');

describe.skipIf(unavailable !== null)('batched ICMP to a network namespace', () => {
  const namespaces = new Namespaces('slfping');
  let wrapCommand: ExecutorDeps['wrapCommand'];

  beforeAll(() => {
    const host = namespaces.add('h');
    const target = namespaces.add('t');
    namespaces.connect(host, '10.251.19.1/30', target, '10.251.19.2/30');
    // routed towards the target namespace, assigned nowhere: the target silently drops it
    namespaces.route(host, '10.251.19.64/26', '10.251.19.2');
    wrapCommand = namespaces.wrapIn(host);
  });
  afterAll(() => namespaces.removeAll());

  it('reports 100% loss for a host that never answers, within the time limit, next to one that does', async () => {
    const started = performance.now();
    const [silent, answering] = await runIcmpBatch([icmpJob('10.251.19.70'), icmpJob('10.251.19.2')], { ...deps, wrapCommand });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(silent).toMatchObject({
      hasFailures: true, hasErrors: false, timedOut: false, responseTime: 0,
      error: { kind: 'NETWORK_ERROR', message: 'no reply from 10.251.19.70: 100% packet loss (3 sent)' },
      icmpCheckResult: { packetsSent: 3, packetsReceived: 0, packetLoss: 100, latency: { min: 0, avg: 0, max: 0, stdDev: 0 }, pings: [] },
    });
    expect(answering).toMatchObject({ hasFailures: false, icmpCheckResult: { packetsReceived: 3, packetLoss: 0 } });
  });

  it("keeps each check's own lines of fping's output: the command for its target and its lost packets", async () => {
    const [silent, answering] = await runIcmpBatch([icmpJob('10.251.19.70'), icmpJob('10.251.19.2')], { ...deps, wrapCommand });
    expect(silent.icmpCheckResult?.rawOutput).toBe('$ fping -C 3 -q -p 200 -t 1000 -i 1 -4 10.251.19.70\n10.251.19.70 : - - -');
    expect(answering.icmpCheckResult?.rawOutput).toMatch(/^\$ fping -C 3 -q -p 200 -t 1000 -i 1 -4 10\.251\.19\.2\n10\.251\.19\.2 +: \d+(\.\d+)? \d+(\.\d+)? \d+(\.\d+)?$/);
  });
});
