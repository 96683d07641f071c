import { describe, expect, it } from 'vitest';
import { destinationReached, hopLatency, parseMtrJson, splitHost } from '../../src-main/runner/parsers/mtr';
import { mtrArgs } from '../../src-main/runner/executors/traceroute';
import { parseTracerouteTarget } from '../../src-main/runner/target';

// Captured from mtr 0.95 (Debian mtr-tiny) over a three-hop namespace path, last link down.
const SAMPLE = JSON.stringify({
  report: {
    mtr: { src: 'vm', dst: '10.251.7.10', tos: 0, tests: 3, psize: '64', bitpattern: '0x00' },
    hubs: [
      { count: 1, host: '10.251.7.2', 'Loss%': 0.0, Snt: 3, Last: 0.081, Avg: 0.077, Best: 0.074, Wrst: 0.081, StDev: 0.004 },
      { count: 2, host: 'r2.example (10.251.7.6)', 'Loss%': 33.333, Snt: 3, Last: 0.086, Avg: 0.082, Best: 0.075, Wrst: 0.086, StDev: 0.006 },
      { count: 3, host: '???', 'Loss%': 100.0, Snt: 3, Last: 0.0, Avg: 0.0, Best: 0.0, Wrst: 0.0, StDev: 0.0 },
    ],
  },
});

describe('parseMtrJson', () => {
  it('maps hubs to hops', () => {
    const parsed = parseMtrJson(SAMPLE);
    expect(parsed.kind).toBe('hops');
    if (parsed.kind !== 'hops') return;
    expect(parsed.destination).toBe('10.251.7.10');
    expect(parsed.hops[0]).toEqual({
      hop_number: 1,
      main_ip: '10.251.7.2',
      main_host: '10.251.7.2',
      sent: 3,
      received: 3,
      loss_percentage: 0,
      rtt: { last_ms: 0.081, avg_ms: 0.077, best_ms: 0.074, worst_ms: 0.081, stddev_ms: 0.004 },
    });
    expect(parsed.hops[1]).toMatchObject({ main_ip: '10.251.7.6', main_host: 'r2.example', received: 2, loss_percentage: 33.333 });
    expect(parsed.hops[2]).toMatchObject({ hop_number: 3, main_ip: null, main_host: null, received: 0, loss_percentage: 100 });
    expect(destinationReached(parsed.hops, '10.251.7.10')).toBe(false);
    expect(destinationReached(parsed.hops, '10.251.7.6')).toBe(true);
    expect(hopLatency(parsed.hops[2])).toBeNull();
    expect(hopLatency(parsed.hops[0])).toEqual({ avg: 0.077, min: 0.074, max: 0.081, stdDev: 0.004 });
  });

  it('says when the output is not an mtr report', () => {
    expect(parseMtrJson('mtr: Failed to resolve host')).toEqual({ kind: 'unparsed', reason: 'mtr did not print JSON' });
    expect(parseMtrJson('{"report":{}}')).toEqual({ kind: 'unparsed', reason: 'mtr JSON has no report.hubs' });
  });

  it('splits host names and addresses', () => {
    expect(splitHost('localhost (127.0.0.1)')).toEqual({ ip: '127.0.0.1', name: 'localhost' });
    expect(splitHost('::1')).toEqual({ ip: '::1', name: '::1' });
    expect(splitHost('router.lan')).toEqual({ ip: null, name: 'router.lan' });
  });
});

describe('traceroute targets and arguments', () => {
  it('takes the host (and for TCP the port) from a URL or a bare host', () => {
    expect(parseTracerouteTarget('https://example.com/path', 'TCP', null)).toEqual({ hostname: 'example.com', port: 443 });
    expect(parseTracerouteTarget('http://example.com:8080', 'TCP', null)).toEqual({ hostname: 'example.com', port: 8080 });
    expect(parseTracerouteTarget('http://example.com:8080', 'TCP', 22)).toEqual({ hostname: 'example.com', port: 22 });
    expect(parseTracerouteTarget('http://example.com:8080', 'ICMP', null)).toEqual({ hostname: 'example.com', port: null });
    expect(parseTracerouteTarget('example.com', 'TCP', null)).toEqual({ hostname: 'example.com', port: null });
    expect(parseTracerouteTarget('10.0.0.1:53', 'TCP', null)).toEqual({ hostname: '10.0.0.1', port: 53 });
    expect(parseTracerouteTarget('[2001:db8::1]:443', 'TCP', null)).toEqual({ hostname: '2001:db8::1', port: 443 });
    expect(parseTracerouteTarget('2001:db8::1', 'UDP', 33434)).toEqual({ hostname: '2001:db8::1', port: 33434 });
    expect(parseTracerouteTarget('-oops', 'TCP', null)).toEqual({ error: 'url host "-oops" must not start with "-"' });
  });

  it('maps the request to mtr options', () => {
    const base = { address: '10.0.0.1', family: 4 as const, port: 443, cycles: 3, intervalSeconds: 0.2, timeoutSeconds: 2, maxHops: 30, maxUnknownHops: 5, ptrLookup: false };
    expect(mtrArgs({ ...base, protocol: 'TCP' })).toEqual(['--json', '-c', '3', '-i', '0.2', '-G', '2', '-Z', '2', '-m', '30', '-U', '5', '--tcp', '-P', '443', '-4', '-n', '10.0.0.1']);
    expect(mtrArgs({ ...base, protocol: 'ICMP', ptrLookup: true, maxUnknownHops: null })).toEqual(['--json', '-c', '3', '-i', '0.2', '-G', '2', '-Z', '2', '-m', '30', '-4', '-b', '10.0.0.1']);
    expect(mtrArgs({ ...base, protocol: 'UDP', family: 6 })).toContain('--udp');
    expect(mtrArgs({ ...base, protocol: 'SCTP', family: 6 })).toEqual(expect.arrayContaining(['--sctp', '-6']));
  });
});
