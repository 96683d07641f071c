import type { Latency, PingReply } from '../types';

export interface FpingTarget {
  /** The target exactly as it was given to fping. */
  target: string;
  packetsSent: number;
  packetsReceived: number;
  /** Percent, 0..100, with ping's precision (6 significant digits). */
  packetLoss: number;
  /** Null when no reply came back. */
  latency: Latency | null;
  pings: PingReply[];
}

// "127.0.0.1    : 0.039 0.003 - 0.003" ("-" is a lost packet). The name is padded, so a space precedes the colon,
// which keeps IPv6 addresses ("::1 : 0.04") and fping's other stderr lines ("x: error while sending ping") apart.
const SUMMARY = /^(\S+)\s+:((?:\s+(?:-|\d+(?:\.\d+)?(?:e[+-]?\d+)?))*)\s*$/i;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Like iputils' mdev: the population standard deviation. */
function stdDev(values: number[], mean: number): number {
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

function summarize(target: string, slots: string[]): FpingTarget {
  // ping's icmp_seq counts from 1; a lost packet keeps its number.
  const pings = slots.flatMap((slot, i) => (slot === '-' ? [] : [{ sequence: i + 1, ttl: null, timeMs: Number(slot) }]));
  const times = pings.map((p) => p.timeMs);
  const sent = slots.length;
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  const latency =
    times.length > 0 ? { min: round3(Math.min(...times)), avg: round3(mean), max: round3(Math.max(...times)), stdDev: round3(stdDev(times, mean)) } : null;
  return {
    target,
    packetsSent: sent,
    packetsReceived: pings.length,
    packetLoss: sent === 0 ? 0 : Number((((sent - pings.length) * 100) / sent).toPrecision(6)),
    latency,
    pings,
  };
}

/** Parses `fping -C N -q` output (stderr); one entry per summary line, keyed by the target as fping printed it. */
export function parseFping(output: string): Map<string, FpingTarget> {
  const targets = new Map<string, FpingTarget>();
  for (const line of output.split(/\r?\n/)) {
    const m = SUMMARY.exec(line);
    if (!m) continue;
    const slots = m[2].trim() === '' ? [] : m[2].trim().split(/\s+/);
    targets.set(m[1], summarize(m[1], slots));
  }
  return targets;
}
