import { isIP } from 'node:net';
import type { Latency, TracerouteHop } from '../types';

interface MtrHub {
  count?: number | string;
  host?: string;
  'Loss%'?: number;
  Snt?: number;
  Last?: number;
  Avg?: number;
  Best?: number;
  Wrst?: number;
  StDev?: number;
}

export type MtrParse = { kind: 'hops'; destination: string | null; hops: TracerouteHop[] } | { kind: 'unparsed'; reason: string };

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);

/** "???" (no answer), "10.0.0.1", "name" or, with --show-ips, "name (10.0.0.1)". */
export function splitHost(host: string | undefined): { ip: string | null; name: string | null } {
  if (!host || host === '???') return { ip: null, name: null };
  const both = /^(.*) \(([^()]+)\)$/.exec(host);
  if (both) return { ip: both[2], name: both[1] };
  return isIP(host) ? { ip: host, name: host } : { ip: null, name: host };
}

/** Parses `mtr --json` (mtr 0.9x): report.hubs[] with Loss%, Snt, Last, Avg, Best, Wrst, StDev per hop. */
export function parseMtrJson(text: string): MtrParse {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { kind: 'unparsed', reason: 'mtr did not print JSON' };
  }
  const report = (doc as { report?: { mtr?: { dst?: unknown }; hubs?: unknown } } | null)?.report;
  if (!report || !Array.isArray(report.hubs)) return { kind: 'unparsed', reason: 'mtr JSON has no report.hubs' };
  const hops = (report.hubs as MtrHub[]).map((hub, index): TracerouteHop => {
    const { ip, name } = splitHost(hub.host);
    const sent = num(hub.Snt);
    const loss = num(hub['Loss%']);
    return {
      hop_number: num(hub.count) || index + 1,
      main_ip: ip,
      main_host: name,
      sent,
      received: Math.round(sent * (1 - loss / 100)),
      loss_percentage: loss,
      rtt: { last_ms: num(hub.Last), avg_ms: num(hub.Avg), best_ms: num(hub.Best), worst_ms: num(hub.Wrst), stddev_ms: num(hub.StDev) },
    };
  });
  const destination = typeof report.mtr?.dst === 'string' ? report.mtr.dst : null;
  return { kind: 'hops', destination, hops };
}

export function hopLatency(hop: TracerouteHop | undefined): Latency | null {
  if (!hop || hop.received === 0) return null;
  return { avg: hop.rtt.avg_ms, min: hop.rtt.best_ms, max: hop.rtt.worst_ms, stdDev: hop.rtt.stddev_ms };
}

/** The destination is reached when a hop answered from the probed address. */
export function destinationReached(hops: TracerouteHop[], address: string): boolean {
  return hops.some((hop) => hop.received > 0 && hop.main_ip === address);
}
