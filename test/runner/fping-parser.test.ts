import { describe, expect, it } from 'vitest';
import { parseFping } from '../../src-main/runner/parsers/fping';

describe('parseFping', () => {
  it('reads one summary line per target, padded names included', () => {
    const parsed = parseFping('127.0.0.1   : 0.039 0.043 0.044\n127.3.0.7   : 0.010 0.007 0.024\n');
    expect([...parsed.keys()]).toEqual(['127.0.0.1', '127.3.0.7']);
    expect(parsed.get('127.0.0.1')).toEqual({
      target: '127.0.0.1',
      packetsSent: 3,
      packetsReceived: 3,
      packetLoss: 0,
      latency: { min: 0.039, avg: 0.042, max: 0.044, stdDev: 0.002 },
      pings: [
        { sequence: 1, ttl: null, timeMs: 0.039 },
        { sequence: 2, ttl: null, timeMs: 0.043 },
        { sequence: 3, ttl: null, timeMs: 0.044 },
      ],
    });
  });

  it('counts "-" as lost, keeps the sequence numbers of the replies and states loss like ping', () => {
    const target = parseFping('127.0.0.1 : 0.039 - 0.003\n').get('127.0.0.1');
    expect(target).toMatchObject({ packetsSent: 3, packetsReceived: 2, packetLoss: 33.3333 });
    expect(target?.pings.map((p) => p.sequence)).toEqual([1, 3]);
    // population standard deviation, as iputils' mdev
    expect(target?.latency).toEqual({ min: 0.003, avg: 0.021, max: 0.039, stdDev: 0.018 });
  });

  it('gives no latency when every packet was lost', () => {
    expect(parseFping('10.251.9.70 : - - -').get('10.251.9.70')).toEqual({
      target: '10.251.9.70',
      packetsSent: 3,
      packetsReceived: 0,
      packetLoss: 100,
      latency: null,
      pings: [],
    });
  });

  it('reads IPv6 targets and times of many milliseconds', () => {
    const parsed = parseFping('::1             : 0.317 0.046\n2001:db8::1     : 12.3 105 -\n');
    expect(parsed.get('::1')?.latency?.max).toBe(0.317);
    expect(parsed.get('2001:db8::1')).toMatchObject({ packetsSent: 3, packetsReceived: 2, packetLoss: 33.3333, latency: { min: 12.3, max: 105 } });
  });

  it('reads a target interrupted before any packet was settled as nothing sent', () => {
    expect(parseFping('127.0.0.1 :\n').get('127.0.0.1')).toMatchObject({ packetsSent: 0, packetsReceived: 0, packetLoss: 0, latency: null });
  });

  it('ignores fping diagnostics around the summary', () => {
    const output = [
      '127.0.0.9: error while sending ping: No buffer space available',
      'ICMP Host Unreachable from 10.0.0.1 for ICMP Echo sent to 10.0.0.2',
      '10.0.0.2 : duplicate for [0], 64 bytes, 0.05 ms',
      'nowhere.invalid: Name or service not known',
      '10.0.0.2    : - 1.20',
    ].join('\n');
    const parsed = parseFping(output);
    expect([...parsed.keys()]).toEqual(['10.0.0.2']);
    expect(parsed.get('10.0.0.2')).toMatchObject({ packetsSent: 2, packetsReceived: 1, packetLoss: 50 });
  });

  it('returns nothing for output without summary lines', () => {
    expect(parseFping('fping: can\'t create socket (must run as root?)\n').size).toBe(0);
  });
});
