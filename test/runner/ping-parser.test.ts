import { describe, expect, it } from 'vitest';
import { parsePing } from '../../src-main/runner/parsers/ping';

const LINUX_OK = `PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.
64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.040 ms
64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.052 ms
64 bytes from 127.0.0.1: icmp_seq=3 ttl=64 time=0.031 ms

--- 127.0.0.1 ping statistics ---
3 packets transmitted, 3 received, 0% packet loss, time 2041ms
rtt min/avg/max/mdev = 0.031/0.041/0.052/0.008 ms
`;

const LINUX_LOSS = `PING 10.251.9.70 (10.251.9.70) 56(84) bytes of data.

--- 10.251.9.70 ping statistics ---
3 packets transmitted, 0 received, 100% packet loss, time 408ms

`;

const LINUX_UNREACHABLE = `PING 10.0.0.9 (10.0.0.9) 56(84) bytes of data.
From 10.0.0.1 icmp_seq=1 Destination Host Unreachable
From 10.0.0.1 icmp_seq=2 Destination Host Unreachable

--- 10.0.0.9 ping statistics ---
4 packets transmitted, 1 received, +2 errors, 75% packet loss, time 3060ms
rtt min/avg/max/mdev = 0.512/0.512/0.512/0.000 ms
`;

const LINUX_UNKNOWN = 'ping: nonexistent.invalid: Name or service not known\n';

const MAC_OK = `PING localhost (127.0.0.1): 56 data bytes
64 bytes from 127.0.0.1: icmp_seq=0 ttl=64 time=0.045 ms
64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.093 ms
64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.063 ms

--- localhost ping statistics ---
3 packets transmitted, 3 packets received, 0.0% packet loss
round-trip min/avg/max/stddev = 0.045/0.067/0.093/0.020 ms
`;

const MAC_LOSS = `PING 10.255.255.1 (10.255.255.1): 56 data bytes
Request timeout for icmp_seq 0
Request timeout for icmp_seq 1

--- 10.255.255.1 ping statistics ---
3 packets transmitted, 0 packets received, 100.0% packet loss
`;

const MAC_UNKNOWN = 'ping: cannot resolve nonexistent.invalid: Unknown host\n';

const WINDOWS_OK = `
Pinging localhost [127.0.0.1] with 32 bytes of data:
Reply from 127.0.0.1: bytes=32 time<1ms TTL=128
Reply from 127.0.0.1: bytes=32 time=2ms TTL=128
Reply from 127.0.0.1: bytes=32 time=1ms TTL=128
Reply from 127.0.0.1: bytes=32 time<1ms TTL=128

Ping statistics for 127.0.0.1:
    Packets: Sent = 4, Received = 4, Lost = 0 (0% loss),
Approximate round trip times in milli-seconds:
    Minimum = 0ms, Maximum = 2ms, Average = 0ms
`;

const WINDOWS_LOSS = `
Pinging 10.255.255.1 with 32 bytes of data:
Request timed out.
Request timed out.

Ping statistics for 10.255.255.1:
    Packets: Sent = 2, Received = 0, Lost = 2 (100% loss),
`;

const WINDOWS_HOST_UNREACHABLE = `
Pinging 10.0.0.9 with 32 bytes of data:
Reply from 10.0.0.1: Destination host unreachable.
Reply from 10.0.0.1: Destination host unreachable.

Ping statistics for 10.0.0.9:
    Packets: Sent = 2, Received = 2, Lost = 0 (0% loss),
`;

const WINDOWS_UNKNOWN = 'Ping request could not find host nonexistent.invalid. Please check the name and try again.\n';

describe('parsePing on Linux iputils', () => {
  it('reads counts, latency and replies', () => {
    expect(parsePing(LINUX_OK)).toEqual({
      kind: 'stats',
      resolvedAddress: '127.0.0.1',
      packetsSent: 3,
      packetsReceived: 3,
      packetLoss: 0,
      latency: { min: 0.031, avg: 0.041, max: 0.052, stdDev: 0.008 },
      pings: [
        { sequence: 1, ttl: 64, timeMs: 0.04 },
        { sequence: 2, ttl: 64, timeMs: 0.052 },
        { sequence: 3, ttl: 64, timeMs: 0.031 },
      ],
    });
  });

  it('reads 100% loss without an rtt line', () => {
    expect(parsePing(LINUX_LOSS)).toMatchObject({ kind: 'stats', packetsSent: 3, packetsReceived: 0, packetLoss: 100, latency: null, pings: [] });
  });

  it('reads counts with errors', () => {
    expect(parsePing(LINUX_UNREACHABLE)).toMatchObject({ packetsSent: 4, packetsReceived: 1, packetLoss: 75, latency: { avg: 0.512 } });
  });

  it('recognises an unknown host', () => {
    expect(parsePing(LINUX_UNKNOWN)).toEqual({ kind: 'unknown-host', message: 'ping: nonexistent.invalid: Name or service not known' });
  });
});

describe('parsePing on macOS', () => {
  it('reads counts, latency and replies', () => {
    expect(parsePing(MAC_OK)).toMatchObject({
      resolvedAddress: '127.0.0.1',
      packetsSent: 3,
      packetsReceived: 3,
      packetLoss: 0,
      latency: { min: 0.045, avg: 0.067, max: 0.093, stdDev: 0.02 },
      pings: [{ sequence: 0 }, { sequence: 1 }, { sequence: 2 }],
    });
  });

  it('reads 100% loss', () => {
    expect(parsePing(MAC_LOSS)).toMatchObject({ packetsSent: 3, packetsReceived: 0, packetLoss: 100, latency: null });
  });

  it('recognises an unknown host', () => {
    expect(parsePing(MAC_UNKNOWN)).toMatchObject({ kind: 'unknown-host' });
  });
});

describe('parsePing on Windows', () => {
  it('reads counts and latency, computing the standard deviation from the replies', () => {
    const parsed = parsePing(WINDOWS_OK);
    expect(parsed).toMatchObject({ resolvedAddress: '127.0.0.1', packetsSent: 4, packetsReceived: 4, packetLoss: 0, latency: { min: 0, max: 2, avg: 0 } });
    expect(parsed.kind === 'stats' && parsed.latency?.stdDev).toBeCloseTo(0.612, 3);
    expect(parsed.kind === 'stats' && parsed.pings.map((p) => p.timeMs)).toEqual([0.5, 2, 1, 0.5]);
  });

  it('reads 100% loss', () => {
    expect(parsePing(WINDOWS_LOSS)).toMatchObject({ resolvedAddress: '10.255.255.1', packetsSent: 2, packetsReceived: 0, packetLoss: 100, latency: null });
  });

  it('does not count "Destination host unreachable" answers as echoes', () => {
    expect(parsePing(WINDOWS_HOST_UNREACHABLE)).toMatchObject({ packetsSent: 2, packetsReceived: 0, packetLoss: 100, latency: null });
  });

  it('recognises an unknown host', () => {
    expect(parsePing(WINDOWS_UNKNOWN)).toMatchObject({ kind: 'unknown-host' });
  });
});

it('says when output is not ping statistics', () => {
  expect(parsePing('something else')).toEqual({ kind: 'unparsed' });
});
