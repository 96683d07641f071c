import type { Latency, PingReply } from '../types';

export type PingParse =
  | {
      kind: 'stats';
      resolvedAddress?: string;
      packetsSent: number;
      packetsReceived: number;
      packetLoss: number;
      latency: Latency | null;
      pings: PingReply[];
    }
  | { kind: 'unknown-host'; message: string }
  | { kind: 'unparsed' };

const UNKNOWN_HOST = [
  /^ping6?: (.+?): (Name or service not known|Temporary failure in name resolution|No address associated with hostname|Name has no usable address)/m,
  /^ping6?: cannot resolve (\S+): Unknown host/m,
  /^Ping request could not find host (\S+)\./m,
];

const ADDRESS = [/^PING \S+ \(([^)]+)\)/m, /^Pinging \S+ \[([^\]]+)\]/m, /^Pinging ([^\s[]+) with/m];

// Linux iputils and macOS: "64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.040 ms"
const UNIX_REPLY = /icmp_seq=(\d+)\s+ttl=(\d+)\s+time=([\d.]+)\s*ms/g;
// Windows: "Reply from 127.0.0.1: bytes=32 time<1ms TTL=128" (a "Destination host unreachable" reply has no time=).
const WINDOWS_REPLY = /^Reply from .*?time([<=])(\d+)ms TTL=(\d+)/gim;

const UNIX_COUNTS = /(\d+) packets transmitted, (\d+) (?:packets )?received,.*?([\d.]+)% packet loss/;
const UNIX_RTT = /(?:rtt|round-trip) min\/avg\/max\/(?:mdev|stddev) = ([\d.]+)\/([\d.]+)\/([\d.]+)\/([\d.]+) ms/;
const WINDOWS_COUNTS = /Packets: Sent = (\d+), Received = (\d+), Lost = \d+ \((\d+)% loss\)/;
const WINDOWS_RTT = /Minimum = (\d+)ms, Maximum = (\d+)ms, Average = (\d+)ms/;

function stdDev(values: number[]): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function unixReplies(output: string): PingReply[] {
  return [...output.matchAll(UNIX_REPLY)].map((m) => ({ sequence: Number(m[1]), ttl: Number(m[2]), timeMs: Number(m[3]) }));
}

function windowsReplies(output: string): PingReply[] {
  // "time<1ms" is recorded as 0.5 ms: the reply came back within the first millisecond.
  return [...output.matchAll(WINDOWS_REPLY)].map((m, i) => ({ sequence: i + 1, ttl: Number(m[3]), timeMs: m[1] === '<' ? 0.5 : Number(m[2]) }));
}

/** Parses ping output of Linux iputils, macOS or Windows (stdout and stderr joined). */
export function parsePing(output: string): PingParse {
  for (const pattern of UNKNOWN_HOST) {
    const m = pattern.exec(output);
    if (m) return { kind: 'unknown-host', message: m[0].trim() };
  }
  const resolvedAddress = ADDRESS.map((p) => p.exec(output)?.[1]).find((a) => a !== undefined);
  const withAddress = resolvedAddress ? { resolvedAddress } : {};

  const unix = UNIX_COUNTS.exec(output);
  if (unix) {
    const rtt = UNIX_RTT.exec(output);
    return {
      kind: 'stats',
      ...withAddress,
      packetsSent: Number(unix[1]),
      packetsReceived: Number(unix[2]),
      packetLoss: Number(unix[3]),
      latency: rtt ? { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]), stdDev: Number(rtt[4]) } : null,
      pings: unixReplies(output),
    };
  }
  const windows = WINDOWS_COUNTS.exec(output);
  if (windows) {
    const pings = windowsReplies(output);
    const rtt = WINDOWS_RTT.exec(output);
    const times = pings.map((p) => p.timeMs);
    return {
      kind: 'stats',
      ...withAddress,
      packetsSent: Number(windows[1]),
      // Windows counts "Destination host unreachable" answers as received; only timed replies are real echoes.
      packetsReceived: Math.min(Number(windows[2]), pings.length),
      packetLoss: pings.length < Number(windows[2]) ? round3(100 - (pings.length / Number(windows[1])) * 100) : Number(windows[3]),
      latency: rtt && pings.length > 0 ? { min: Number(rtt[1]), avg: Number(rtt[3]), max: Number(rtt[2]), stdDev: round3(stdDev(times)) } : null,
      pings,
    };
  }
  return { kind: 'unparsed' };
}
